import { INVOICE_STATUSES, SUBSCRIPTION_STATUSES } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companyId, createdAt, currency, inList } from "./columns.ts";
import { companies } from "./companies.ts";

// modules/billing: what the company's phone numbers cost. Computed invoices need no rows (they are read
// from phone_numbers); Stripe's are mirrored here from its webhooks.

export type BillingLineColumn = {
  phoneNumberId: string | null;
  description: string;
  phoneNumber: string;
  from: string;
  to: string;
  days: number;
  amountCents: number;
  currency: string;
};

/** A company's billing: its email, and its Stripe customer and subscription when Stripe bills. */
export const billingAccounts = pgTable(
  "billing_accounts",
  {
    companyId: uuid("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    billingEmail: text("billing_email"),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    stripeSubscriptionItemId: text("stripe_subscription_item_id"),
    subscriptionStatus: text("subscription_status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("none"),
    quantity: integer("quantity").notNull().default(0),
    paymentMethodBrand: text("payment_method_brand"),
    paymentMethodLast4: text("payment_method_last4"),
    // The latest failed payment, until an invoice is paid.
    paymentFailedAt: timestamp("payment_failed_at", { withTimezone: true }),
    paymentFailedInvoiceId: text("payment_failed_invoice_id"),
    // The newest Stripe event applied to the subscription: an older one arriving late changes nothing.
    subscriptionEventAt: timestamp("subscription_event_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("billing_accounts_stripe_customer_id_key")
      .on(t.stripeCustomerId)
      .where(sql`${t.stripeCustomerId} is not null`),
    check(
      "billing_accounts_subscription_status_check",
      sql`${t.subscriptionStatus} in (${inList(SUBSCRIPTION_STATUSES)})`,
    ),
  ],
);

/**
 * A month's invoice: Stripe's, mirrored from its webhooks (`stripe_invoice_id` set), or, without Stripe,
 * computed from the numbers when the month closed (one per company and month, "not charged").
 */
export const billingInvoices = pgTable(
  "billing_invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    stripeInvoiceId: text("stripe_invoice_id"),
    number: text("number"),
    status: text("status", { enum: INVOICE_STATUSES }).notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    lines: jsonb("lines").$type<BillingLineColumn[]>().notNull(),
    totalCents: integer("total_cents").notNull(),
    currency: currency(),
    hostedUrl: text("hosted_url"),
    stripePdfUrl: text("stripe_pdf_url"),
    // Stripe's `created` of the event that wrote this state: an older event changes nothing.
    stripeUpdatedAt: timestamp("stripe_updated_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("billing_invoices_stripe_invoice_id_key")
      .on(t.stripeInvoiceId)
      .where(sql`${t.stripeInvoiceId} is not null`),
    uniqueIndex("billing_invoices_company_id_period_start_computed_key")
      .on(t.companyId, t.periodStart)
      .where(sql`${t.stripeInvoiceId} is null`),
    index("billing_invoices_company_id_period_start_idx").on(t.companyId, t.periodStart.desc()),
    check("billing_invoices_status_check", sql`${t.status} in (${inList(INVOICE_STATUSES)})`),
  ],
);

/** Stripe's webhook events by id: the first insert wins, so a replayed event is applied once. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
  // The event as Stripe sent it, for the job that applies it.
  payload: jsonb("payload").notNull(),
  stripeCreatedAt: timestamp("stripe_created_at", { withTimezone: true }).notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp("processed_at", { withTimezone: true }),
  error: text("error"),
});
