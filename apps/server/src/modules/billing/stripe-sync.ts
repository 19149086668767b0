import { PHONE_NUMBER_MONTHLY_CENTS } from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import { type BillingAccountRow, findBillingAccount, updateBillingAccount } from "./billing-accounts.repository.ts";
import { findActiveNumbers } from "./phone-usage.repository.ts";
import type { StripeClient, StripeObject } from "./stripe-client.ts";
import { isEndedSubscription, readSubscription, type StripeSubscription } from "./stripe-objects.ts";

// The `billing_sync` job with Stripe: the company's one subscription, of one item (the numbers' price),
// has as many as the company has active numbers. A number added is prorated (the rest of the month
// charged on the next invoice); a number released is not refunded (the provider's number is not
// either); no numbers left cancels the subscription. Nothing happens before the company gave a card
// through Checkout. Every step reads Stripe first, so running it twice, or after a crash, is safe.

/** The price's lookup key: one price for every company, created the first time it is needed. */
export const PHONE_NUMBER_PRICE_LOOKUP_KEY = "phone_number_monthly";

export type StripeSyncDeps = { db: Db; stripe: StripeClient };

/** What the sync did (tests and the log). */
export type SyncOutcome = "waiting_for_card" | "unchanged" | "created" | "updated" | "canceled";

/** The numbers' price: found by its lookup key, else created (once, whoever asks first). */
export async function phoneNumberPrice(stripe: StripeClient): Promise<string> {
  const found = await stripe.request({
    method: "GET",
    path: "/v1/prices",
    params: { lookup_keys: [PHONE_NUMBER_PRICE_LOOKUP_KEY], active: true, limit: 1 },
  });
  const existing = Array.isArray(found.data) ? (found.data[0] as StripeObject | undefined) : undefined;
  if (typeof existing?.id === "string") return existing.id;
  const created = await stripe.request({
    method: "POST",
    path: "/v1/prices",
    params: {
      currency: "usd",
      unit_amount: PHONE_NUMBER_MONTHLY_CENTS,
      recurring: { interval: "month" },
      lookup_key: PHONE_NUMBER_PRICE_LOOKUP_KEY,
      product_data: { name: "Phone number" },
    },
    idempotencyKey: `price-${PHONE_NUMBER_PRICE_LOOKUP_KEY}-${PHONE_NUMBER_MONTHLY_CENTS}`,
  });
  if (typeof created.id !== "string") throw new Error("Stripe's price has no id");
  return created.id;
}

/** The subscription as Stripe has it now, or null when there is none that still bills. */
async function liveSubscription(
  stripe: StripeClient,
  account: BillingAccountRow,
  customer: string,
): Promise<StripeSubscription | null> {
  if (account.stripeSubscriptionId) {
    const current = readSubscription(
      await stripe.request({
        method: "GET",
        path: `/v1/subscriptions/${encodeURIComponent(account.stripeSubscriptionId)}`,
      }),
    );
    if (current && !isEndedSubscription(current.status)) return current;
  }
  // One we created but never recorded (a crash between Stripe's answer and our write): adopt it.
  const listed = await stripe.request({
    method: "GET",
    path: "/v1/subscriptions",
    params: { customer, status: "all", limit: 20 },
  });
  const subscriptions = (Array.isArray(listed.data) ? listed.data : []).map(readSubscription);
  return (
    subscriptions.find(
      (subscription): subscription is StripeSubscription =>
        subscription !== null &&
        !isEndedSubscription(subscription.status) &&
        subscription.metadata.company_id === account.companyId,
    ) ?? null
  );
}

const remember = (subscription: StripeSubscription) => ({
  stripeSubscriptionId: subscription.id,
  stripeSubscriptionItemId: subscription.itemId,
  subscriptionStatus: subscription.status,
  quantity: subscription.quantity,
});

/** Brings the company's subscription to its active numbers. `jobId` names this run's writes to Stripe. */
export async function syncSubscription(deps: StripeSyncDeps, companyId: string, jobId: string): Promise<SyncOutcome> {
  const { db, stripe } = deps;
  const account = await findBillingAccount(db, companyId);
  const customer = account?.stripeCustomerId;
  if (!account || !customer) return "waiting_for_card";
  const hasCard = account.paymentMethodLast4 !== null;
  const wanted = (await findActiveNumbers(db, companyId)).count;
  const live = hasCard || account.stripeSubscriptionId ? await liveSubscription(stripe, account, customer) : null;

  if (!live) {
    if (wanted === 0) return "unchanged";
    if (!hasCard) return "waiting_for_card";
    const price = await phoneNumberPrice(stripe);
    const created = readSubscription(
      await stripe.request({
        method: "POST",
        path: "/v1/subscriptions",
        params: {
          customer,
          items: [{ price, quantity: wanted }],
          metadata: { company_id: companyId },
          payment_behavior: "allow_incomplete",
        },
        // After the last one this company had: two runs at once make one subscription (the second,
        // asking with another quantity, is refused and retries, then finds it).
        idempotencyKey: `subscription-${companyId}-after-${account.stripeSubscriptionId ?? "none"}`,
      }),
    );
    if (!created) throw new Error("Stripe's subscription could not be read");
    await updateBillingAccount(db, companyId, remember(created));
    return "created";
  }

  if (wanted === 0) {
    const canceled = readSubscription(
      await stripe.request({
        method: "DELETE",
        path: `/v1/subscriptions/${encodeURIComponent(live.id)}`,
        params: { prorate: false, invoice_now: false },
      }),
    );
    await updateBillingAccount(db, companyId, {
      ...remember(canceled ?? live),
      subscriptionStatus: canceled?.status ?? "canceled",
      quantity: 0,
    });
    return "canceled";
  }

  if (live.quantity === wanted || !live.itemId) {
    await updateBillingAccount(db, companyId, remember(live));
    return "unchanged";
  }
  await stripe.request({
    method: "POST",
    path: `/v1/subscription_items/${encodeURIComponent(live.itemId)}`,
    params: {
      quantity: wanted,
      // A number added: its days this period are charged on the next invoice. Released: no refund.
      proration_behavior: wanted > live.quantity ? "create_prorations" : "none",
    },
    idempotencyKey: `quantity-${live.itemId}-${wanted}-${jobId}`,
  });
  await updateBillingAccount(db, companyId, { ...remember(live), quantity: wanted });
  return "updated";
}
