import { ORDER_STATES } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { aiEmployees } from "./ai-employees.ts";
import { products } from "./catalog.ts";
import { customers } from "./channels.ts";
import { companyId, createdAt, currency } from "./columns.ts";
import { conversations } from "./conversations.ts";
import { leads } from "./sales.ts";

// Quotes and orders (modules/orders), their lines and where they are delivered. Money is integer cents
// plus an ISO 4217 code; states are text + check (not pg enums) so a new value is a plain migration.

export const deliveryAddresses = pgTable(
  "delivery_addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    region: text("region"),
    postalCode: text("postal_code"),
    country: text("country").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("delivery_addresses_customer_id_idx").on(t.customerId)],
);

// Quotes and orders are one table: an order is a quote that moved on.
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    // Per-company sequence shown to people ("Q-1042"); the uuid stays the API id.
    number: integer("number").notNull(),
    state: text("state", { enum: ORDER_STATES }).notNull().default("draft"),
    currency: currency(),
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    // A discount on the subtotal, as agreed (within the AI employee's limit or authorized by staff).
    discountPercent: numeric("discount_percent", { precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull().default(0),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    deliveryAddressId: uuid("delivery_address_id").references(() => deliveryAddresses.id, { onDelete: "set null" }),
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    conversationId: uuid("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    aiEmployeeId: uuid("ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    // The lead's creation time, copied when the quote is made from it (it never changes): the turnaround
    // indicator (lead → completed order) then reads the quotes index alone instead of joining leads.
    leadCreatedAt: timestamp("lead_created_at", { withTimezone: true }),
    // Built in the playground: kept out of every list and metric.
    isTest: boolean("is_test").notNull().default(false),
    // Counts every change of lines, money or state: an approval records it and applies only to the same
    // version (contract orders/quote-approval.ts).
    version: integer("version").notNull().default(1),
  },
  (t) => [
    unique("quotes_company_id_number_key").on(t.companyId, t.number),
    // The quotes list: a company's quotes in a range, newest first. The trailing key columns make its
    // count and the per-employee outcomes' sums covering (index-only scans).
    index("quotes_company_id_created_at_idx").on(
      t.companyId,
      t.createdAt,
      t.isTest,
      t.aiEmployeeId,
      t.state,
      t.currency,
      t.totalCents,
    ),
    // Sales indicators and the state filter. The trailing key columns make the sums and the list's count
    // covering (index-only scans); drizzle cannot declare INCLUDE, and trailing keys cost about the same.
    index("quotes_company_id_state_created_at_idx").on(
      t.companyId,
      t.state,
      t.createdAt,
      t.totalCents,
      t.currency,
      t.customerId,
      t.completedAt,
      t.leadCreatedAt,
      t.isTest,
    ),
    index("quotes_lead_id_idx").on(t.leadId),
    index("quotes_conversation_id_idx").on(t.conversationId),
    check("quotes_discount_percent_check", sql`${t.discountPercent} between 0 and 100`),
    check(
      "quotes_state_check",
      sql`${t.state} in ('confirmed', 'pending', 'cancelled', 'draft_sent', 'sent', 'draft', 'completed', 'started')`,
    ),
    check(
      "quotes_money_check",
      sql`${t.subtotalCents} >= 0 and ${t.taxCents} >= 0 and ${t.discountCents} between 0 and ${t.subtotalCents} and ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.taxCents}`,
    ),
  ],
);

export const lineItems = pgTable(
  "line_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    // Copied from the product when quoted, so a later catalogue change never rewrites an order.
    sku: text("sku").notNull(),
    productName: text("product_name").notNull(),
    quantity: numeric("quantity", { precision: 12, scale: 3, mode: "number" }).notNull(),
    measureUnit: text("measure_unit").notNull().default("unit"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("line_items_quote_id_position_idx").on(t.quoteId, t.position),
    check("line_items_quantity_check", sql`${t.quantity} > 0`),
  ],
);

export type Quote = typeof quotes.$inferSelect;
export type LineItem = typeof lineItems.$inferSelect;
