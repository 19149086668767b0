import { BILLING_NOT_CONFIGURED, BILLING_PROVIDER_UNREACHABLE, type BillingRedirect } from "@foreman/contract";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { appLink } from "../mail/index.ts";
import { billingEmailOf } from "./billing.service.ts";
import { findBillingAccount, findCompanyName, linkStripeCustomer } from "./billing-accounts.repository.ts";
import { type StripeClient, StripeError } from "./stripe-client.ts";

// The company as a Stripe customer, and the two Stripe pages staff are sent to: Checkout (mode `setup`)
// to give a card, and the Customer Portal to change it and read Stripe's invoices. The subscription is
// the billing job's (stripe-sync.ts), once a card is on file.

export type StripeCustomerDeps = { db: Db; config: Pick<Config, "appUrl" | "billing">; stripe: StripeClient | null };

const notConfigured = () => httpError(409, "billing_not_configured", BILLING_NOT_CONFIGURED);

/** Stripe's failure as the API answers it: 502, and the details in the log rather than the answer. */
async function callingStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StripeError) throw httpError(502, "stripe_unavailable", BILLING_PROVIDER_UNREACHABLE);
    throw error;
  }
}

/**
 * The company's Stripe customer, created the first time (named and addressed as the company, with its
 * id in the metadata so Stripe's events find it). The idempotency key is the company's id: two clicks
 * at once, or a retry after a crash, make one customer.
 */
export async function ensureStripeCustomer(db: Db, stripe: StripeClient, companyId: string): Promise<string> {
  const account = await findBillingAccount(db, companyId);
  if (account?.stripeCustomerId) return account.stripeCustomerId;
  const customer = await stripe.request({
    method: "POST",
    path: "/v1/customers",
    params: {
      name: (await findCompanyName(db, companyId)) ?? undefined,
      email: (await billingEmailOf(db, companyId, account)) ?? undefined,
      metadata: { company_id: companyId },
    },
    idempotencyKey: `customer-${companyId}`,
  });
  if (typeof customer.id !== "string") throw new StripeError("Stripe's customer has no id", 502);
  return db.transaction((tx) => linkStripeCustomer(tx, companyId, customer.id as string));
}

const urlOf = (session: Record<string, unknown>) => {
  if (typeof session.url !== "string" || !/^https?:\/\//.test(session.url))
    throw new StripeError("Stripe's session has no URL", 502);
  return session.url;
};

/** `POST /app/billing/checkout.json`: a Checkout Session that saves a card for the numbers' subscription. */
export async function startCheckout(deps: StripeCustomerDeps, companyId: string): Promise<BillingRedirect> {
  const { stripe } = deps;
  if (!stripe) throw notConfigured();
  return callingStripe(async () => {
    const customer = await ensureStripeCustomer(deps.db, stripe, companyId);
    const session = await stripe.request({
      method: "POST",
      path: "/v1/checkout/sessions",
      params: {
        mode: "setup",
        customer,
        currency: "usd",
        payment_method_types: ["card"],
        success_url: appLink(deps.config, "/settings", { tab: "billing", checkout: "done" }),
        cancel_url: appLink(deps.config, "/settings", { tab: "billing" }),
        metadata: { company_id: companyId },
        setup_intent_data: { metadata: { company_id: companyId } },
      },
    });
    return { url: urlOf(session) };
  });
}

/** `POST /app/billing/portal.json`: the Customer Portal, back to the billing tab afterwards. */
export async function openPortal(deps: StripeCustomerDeps, companyId: string): Promise<BillingRedirect> {
  const { stripe } = deps;
  if (!stripe) throw notConfigured();
  return callingStripe(async () => {
    const customer = await ensureStripeCustomer(deps.db, stripe, companyId);
    const session = await stripe.request({
      method: "POST",
      path: "/v1/billing_portal/sessions",
      params: { customer, return_url: appLink(deps.config, "/settings", { tab: "billing" }) },
    });
    return { url: urlOf(session) };
  });
}
