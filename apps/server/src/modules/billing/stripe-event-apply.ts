import type { Config } from "#server/config.ts";
import type { Db, Executor } from "#server/db/client.ts";
import type { JobQueue } from "../jobs/index.ts";
import { queueMail } from "../mail/index.ts";
import { billingEmailOf } from "./billing.service.ts";
import { findCompanyName, lockBillingAccount, updateBillingAccount } from "./billing-accounts.repository.ts";
import { requestBillingSync } from "./billing-sync-request.ts";
import { upsertStripeInvoice } from "./invoices.repository.ts";
import { paymentFailedMail } from "./payment-failed-mail.ts";
import type { StripeClient, StripeObject } from "./stripe-client.ts";
import { claimStripeEvent, type StripeEventRow } from "./stripe-events.repository.ts";
import {
  cardOf,
  isEndedSubscription,
  readInvoice,
  readSubscription,
  type StripeCard,
  type StripeEvent,
} from "./stripe-objects.ts";

// Applying one stored Stripe event to the company it belongs to. What needs Stripe's API (the card of a
// setup, a customer's default card) is read first, outside the transaction; the event is then claimed
// and applied in one transaction, so it is applied once however often Stripe sends it.

export type StripeEventDeps = {
  db: Db;
  queue: JobQueue;
  config: Pick<Config, "appUrl" | "mail">;
  stripe: StripeClient | null;
};

/** What an event needs from Stripe's API before it can be applied. */
type Fetched = { card: StripeCard | null; clearCard: boolean };

const INVOICE_EVENTS = new Set([
  "invoice.finalized",
  "invoice.paid",
  "invoice.payment_failed",
  "invoice.voided",
  "invoice.marked_uncollectible",
]);
const SUBSCRIPTION_EVENTS = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
]);

const stringOf = (value: unknown): string | null => (typeof value === "string" && value.length > 0 ? value : null);
const idOf = (value: unknown): string | null =>
  stringOf(value) ?? (value && typeof value === "object" ? stringOf((value as StripeObject).id) : null);

async function paymentMethodCard(stripe: StripeClient, id: string): Promise<StripeCard | null> {
  return cardOf(await stripe.request({ method: "GET", path: `/v1/payment_methods/${encodeURIComponent(id)}` }));
}

/**
 * Checkout in setup mode saved a card: it becomes the customer's default (what the subscription charges),
 * and the tab shows it.
 */
async function fetchCheckoutCard(stripe: StripeClient, event: StripeEvent): Promise<Fetched> {
  const session = event.data.object;
  const setupIntentId = idOf(session.setup_intent);
  const customer = idOf(session.customer);
  if (!setupIntentId || !customer) return { card: null, clearCard: false };
  const setupIntent = await stripe.request({
    method: "GET",
    path: `/v1/setup_intents/${encodeURIComponent(setupIntentId)}`,
    params: { expand: ["payment_method"] },
  });
  const method = setupIntent.payment_method;
  const methodId = idOf(method);
  if (!methodId) return { card: null, clearCard: false };
  await stripe.request({
    method: "POST",
    path: `/v1/customers/${encodeURIComponent(customer)}`,
    params: { invoice_settings: { default_payment_method: methodId } },
    idempotencyKey: `default-payment-method-${event.id}`,
  });
  return { card: cardOf(method) ?? (await paymentMethodCard(stripe, methodId)), clearCard: false };
}

async function fetchFor(stripe: StripeClient | null, event: StripeEvent): Promise<Fetched> {
  const none: Fetched = { card: null, clearCard: false };
  if (!stripe) return none;
  if (event.type === "checkout.session.completed") return fetchCheckoutCard(stripe, event);
  if (event.type === "customer.updated") {
    const settings = event.data.object.invoice_settings as StripeObject | undefined;
    const method = settings?.default_payment_method;
    const id = idOf(method);
    if (!id) return { card: null, clearCard: method === null };
    return { card: cardOf(method) ?? (await paymentMethodCard(stripe, id)), clearCard: false };
  }
  return none;
}

const cardColumns = (card: StripeCard) => ({ paymentMethodBrand: card.brand, paymentMethodLast4: card.last4 });

/** Applies a stored event once; answers false when another worker already had. */
export async function applyStripeEvent(deps: StripeEventDeps, row: StripeEventRow): Promise<boolean> {
  const event = row.payload as StripeEvent;
  const companyId = row.companyId!;
  const fetched = await fetchFor(deps.stripe, event);
  return deps.db.transaction(async (tx) => {
    if (!(await claimStripeEvent(tx, row.id))) return false;
    await applyClaimed(tx, deps, companyId, event, fetched, row.stripeCreatedAt);
    return true;
  });
}

async function applyClaimed(
  tx: Executor,
  deps: StripeEventDeps,
  companyId: string,
  event: StripeEvent,
  fetched: Fetched,
  createdAt: Date,
) {
  const object = event.data.object;
  const account = await lockBillingAccount(tx, companyId);
  const customer = idOf(object.customer);

  if (event.type === "checkout.session.completed") {
    // A session in subscription mode (made elsewhere, e.g. Stripe's dashboard) brings its subscription.
    const subscription = idOf(object.subscription);
    const adopt =
      subscription !== null &&
      (account.stripeSubscriptionId === null || isEndedSubscription(account.subscriptionStatus));
    await updateBillingAccount(tx, companyId, {
      ...(account.stripeCustomerId === null && customer ? { stripeCustomerId: customer } : {}),
      ...(fetched.card ? cardColumns(fetched.card) : {}),
      ...(adopt ? { stripeSubscriptionId: subscription } : {}),
    });
    // A card on file: the subscription can follow the numbers now.
    await requestBillingSync(tx, deps.queue, companyId);
    return;
  }

  if (event.type === "payment_method.attached") {
    const card = cardOf(object);
    if (card) await updateBillingAccount(tx, companyId, cardColumns(card));
    await requestBillingSync(tx, deps.queue, companyId);
    return;
  }

  if (event.type === "customer.updated") {
    if (fetched.card) await updateBillingAccount(tx, companyId, cardColumns(fetched.card));
    else if (fetched.clearCard)
      await updateBillingAccount(tx, companyId, { paymentMethodBrand: null, paymentMethodLast4: null });
    return;
  }

  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    const subscription = readSubscription(object);
    if (!subscription) return;
    // Delivery is not ordered: an event older than the one applied changes nothing.
    if (account.subscriptionEventAt && createdAt < account.subscriptionEventAt) return;
    // Another subscription than the company's (an old one, ended) changes nothing either.
    const mine =
      account.stripeSubscriptionId === null ||
      account.stripeSubscriptionId === subscription.id ||
      isEndedSubscription(account.subscriptionStatus);
    if (!mine) return;
    const deleted = event.type === "customer.subscription.deleted";
    await updateBillingAccount(tx, companyId, {
      stripeSubscriptionId: subscription.id,
      stripeSubscriptionItemId: subscription.itemId,
      subscriptionStatus: deleted ? "canceled" : subscription.status,
      quantity: deleted ? 0 : subscription.quantity,
      subscriptionEventAt: createdAt,
    });
    // Ended elsewhere (the portal) while numbers are active: the next sync starts a new one.
    if (deleted) await requestBillingSync(tx, deps.queue, companyId);
    return;
  }

  if (INVOICE_EVENTS.has(event.type)) {
    const invoice = readInvoice(object, event.type);
    if (!invoice) return;
    await upsertStripeInvoice(tx, {
      companyId,
      stripeInvoiceId: invoice.id,
      number: invoice.number,
      status: invoice.status,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      lines: invoice.lines,
      totalCents: invoice.totalCents,
      currency: invoice.currency,
      hostedUrl: invoice.hostedUrl,
      stripePdfUrl: invoice.pdfUrl,
      stripeUpdatedAt: createdAt,
    });
    if (event.type === "invoice.payment_failed") {
      const newer = !account.paymentFailedAt || account.paymentFailedAt <= createdAt;
      if (newer)
        await updateBillingAccount(tx, companyId, { paymentFailedAt: createdAt, paymentFailedInvoiceId: invoice.id });
      const to = await billingEmailOf(tx, companyId, account);
      if (to) {
        const mail = paymentFailedMail(deps.config, {
          companyName: (await findCompanyName(tx, companyId)) ?? "Your company",
          invoice,
        });
        await queueMail(tx, deps.queue, { companyId, from: deps.config.mail.from, to, ...mail });
      }
    }
    if (event.type === "invoice.paid" && account.paymentFailedAt) {
      // Paid: the failed invoice itself, or a payment after the failure, ends the problem.
      if (account.paymentFailedInvoiceId === invoice.id || account.paymentFailedAt <= createdAt)
        await updateBillingAccount(tx, companyId, { paymentFailedAt: null, paymentFailedInvoiceId: null });
    }
  }
}
