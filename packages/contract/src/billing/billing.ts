import { z } from "zod";
import { paginationQuerySchema } from "../http/errors.ts";
import { billingLineSchema } from "./billing-line.ts";

export * from "./billing-line.ts";
export * from "./number-charges.ts";

// Settings → Billing: what the company's phone numbers cost. Each number is a $3.00/month line from the
// day it was bought to the day it was released, prorated by day; a month's lines make its invoice. With
// Stripe configured the invoices are Stripe's (mirrored from its webhooks); without, they are computed
// here and marked "not charged".

export const INVOICE_STATUSES = ["not_charged", "draft", "open", "paid", "uncollectible", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  not_charged: "Not charged",
  draft: "Draft",
  open: "Due",
  paid: "Paid",
  uncollectible: "Uncollectible",
  void: "Void",
};

export const BILLING_PROVIDERS = ["none", "stripe"] as const;
export type BillingProviderKind = (typeof BILLING_PROVIDERS)[number];

/** Stripe's subscription states, as far as the billing tab tells them apart. */
export const SUBSCRIPTION_STATUSES = [
  "none",
  "incomplete",
  "active",
  "past_due",
  "unpaid",
  "canceled",
  "incomplete_expired",
  "trialing",
  "paused",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const invoiceSchema = z.object({
  id: z.string(),
  /** "FM-202611-0001" for computed invoices, Stripe's number for Stripe's. */
  number: z.string(),
  /** The month it covers, YYYY-MM-DD (first and last day). */
  periodStart: z.string(),
  periodEnd: z.string(),
  lines: z.array(billingLineSchema),
  totalCents: z.number().int(),
  currency: z.string(),
  status: z.enum(INVOICE_STATUSES),
  /** Our PDF of it. */
  pdfUrl: z.string(),
  /** Stripe's hosted page to pay it, when Stripe bills. */
  hostedUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** `GET /app/billing.json`: the billing tab. */
export const billingOverviewSchema = z.object({
  provider: z.enum(BILLING_PROVIDERS),
  /** Where invoices and payment problems are mailed. */
  billingEmail: z.string().nullable(),
  /** This month so far: the lines to today, and their total. */
  currentPeriod: z.object({
    periodStart: z.string(),
    periodEnd: z.string(),
    lines: z.array(billingLineSchema),
    totalCents: z.number().int(),
    currency: z.string(),
  }),
  activeNumbers: z.number().int(),
  monthlyCostCents: z.number().int(),
  subscription: z.object({
    status: z.enum(SUBSCRIPTION_STATUSES),
    quantity: z.number().int(),
    /** The card on file ("visa", "4242"), when Stripe has one. */
    paymentMethod: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  }),
  /** A payment that failed and what to do about it; null when all is paid. */
  paymentProblem: z.object({ message: z.string(), invoiceId: z.string().nullable(), at: z.string() }).nullable(),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

/** `GET /app/invoices.json`: newest month first, a page at a time (`page`, `per_page` up to 100). */
export const invoicesSchema = z.object({
  invoices: z.array(invoiceSchema),
  /** Every invoice of the company, not the page's length. */
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export type Invoices = z.infer<typeof invoicesSchema>;

export const invoicesQuerySchema = z.object({
  page: paginationQuerySchema.shape.page,
  perPage: paginationQuerySchema.shape.perPage,
});
export type InvoicesQuery = z.infer<typeof invoicesQuerySchema>;

/** `PATCH /app/billing.json`. */
export const updateBillingSchema = z.object({
  billingEmail: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ error: "Enter an email address like billing@example.com" })),
});
export type UpdateBilling = z.infer<typeof updateBillingSchema>;

/** `POST /app/billing/checkout.json` and `/app/billing/portal.json`: where to send the browser. */
export const billingRedirectSchema = z.object({ url: z.string() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;

export const BILLING_ADMIN_ONLY = "Only owners and admins can change billing";
export const BILLING_NOT_CONFIGURED = "Payments are not set up on this server: invoices are computed and not charged";
export const BILLING_PROVIDER_UNREACHABLE = "Stripe did not answer: try again in a minute";
export const PAYMENT_FAILED_ADVICE =
  "Your last payment failed. Update your card in the billing portal; your numbers keep working while we retry.";
