import { CHANNELS, LEAD_STAGES, ORDER_STATES } from "@foreman/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { companyId, createdAt } from "./columns.ts";
import { conversations } from "./conversations.ts";
import { customers } from "./customers.ts";
import { aiEmployees } from "./departments.ts";

// Sales data. Money is integer cents plus an ISO 4217 code; every company-scoped table
// carries company_id and every query filters by it. States and stages are text + check (not pg enums)
// so a new value is a plain migration.

const currency = () => text("currency").notNull().default("USD");

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

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    measureUnit: text("measure_unit").notNull().default("unit"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    currency: currency(),
    // Units in stock; null when the company does not track it.
    stock: integer("stock"),
    // Whether it can be had now (out of stock, seasonal, …); the AI employees still find it and say so.
    available: boolean("available").notNull().default(true),
    // Whether it is sold at all: the AI employees neither find nor quote an inactive product.
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // SKUs are unique per company whatever their case ("pal-01" is "PAL-01"); the agent tools and the
    // import look SKUs up by upper(sku), and every company-scoped read filters by company_id first.
    uniqueIndex("products_company_id_upper_sku_key").on(t.companyId, sql`upper(${t.sku})`),
    check("products_unit_price_cents_check", sql`${t.unitPriceCents} >= 0`),
    check("products_stock_check", sql`${t.stock} >= 0`),
  ],
);

export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    stage: text("stage", { enum: LEAD_STAGES }).notNull().default("new"),
    source: text("source").notNull(),
    channel: text("channel", { enum: CHANNELS }).notNull(),
    personName: text("person_name").notNull(),
    companyName: text("company_name"),
    need: text("need"),
    dealSizeCents: integer("deal_size_cents").notNull().default(0),
    currency: currency(),
    aiEmployeeId: uuid("ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    conversationId: uuid("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    qualifiedAt: timestamp("qualified_at", { withTimezone: true }),
    wonAt: timestamp("won_at", { withTimezone: true }),
  },
  (t) => [
    // Indicators count a period's leads by stage: stage as a trailing key column makes it index-only.
    index("leads_company_id_created_at_idx").on(t.companyId, t.createdAt, t.stage),
    // The breakdown filtered by stage, newest first.
    index("leads_company_id_stage_created_at_idx").on(t.companyId, t.stage, t.createdAt),
    // A conversation's lead (the inbox and conversation pages look it up per conversation).
    index("leads_conversation_id_idx").on(t.conversationId),
    check("leads_stage_check", sql`${t.stage} in ('new', 'qualified', 'quoted', 'following_up', 'won', 'lost')`),
    check("leads_deal_size_cents_check", sql`${t.dealSizeCents} >= 0`),
  ],
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
    // The quotes list: a company's quotes in a range, newest first.
    index("quotes_company_id_created_at_idx").on(t.companyId, t.createdAt),
    // Sales indicators and the state filter. The trailing key columns make the sums covering
    // (index-only scans); drizzle cannot declare INCLUDE, and trailing keys cost about the same.
    index("quotes_company_id_state_created_at_idx").on(
      t.companyId,
      t.state,
      t.createdAt,
      t.totalCents,
      t.currency,
      t.customerId,
      t.completedAt,
      t.leadCreatedAt,
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

export type Product = typeof products.$inferSelect;
export type Lead = typeof leads.$inferSelect;
export type Quote = typeof quotes.$inferSelect;
export type LineItem = typeof lineItems.$inferSelect;
