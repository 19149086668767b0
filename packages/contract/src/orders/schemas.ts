// Zod schemas of the orders API: quotes and orders are one record (an order is a quote that moved on),
// served at /app/quotes… (camelCase here; snake_case on the wire).
import { z } from "zod";
import { paginationQuerySchema } from "../http/errors.ts";
import { periodQuerySchema } from "../period/period-query.ts";
import {
  centsSchema as cents,
  channelSchema,
  chatConversationSchema,
  currencySchema,
  leadStageSchema,
  timestampSchema as timestamp,
} from "../sales/schemas.ts";
import { ORDER_STATES } from "./order.ts";

const id = z.string();

export const orderStateSchema = z.enum(ORDER_STATES);

export const lineItemSchema = z.object({
  sku: z.string(),
  productName: z.string(),
  /** Numeric: measure units can be fractional (2.5 kg). */
  quantity: z.number().positive(),
  measureUnit: z.string(),
  unitPriceCents: cents,
  totalCents: cents,
  currency: currencySchema,
});
export type LineItem = z.infer<typeof lineItemSchema>;

/** Who a list row is for: the name and organization of the quote's customer. */
export const quoteSummaryCustomerSchema = z.object({
  fullName: z.string(),
  organization: z.string().nullable(),
});
export type QuoteSummaryCustomer = z.infer<typeof quoteSummaryCustomerSchema>;

/** A row of the quotes/orders list. */
export const quoteSummarySchema = z.object({
  id,
  /** The per-company number people see ("Q-1042"); `id` stays the API id. */
  number: z.number().int().positive(),
  createdAt: timestamp,
  totalCents: cents,
  totalCurrency: currencySchema,
  state: orderStateSchema,
  /** Null when the quote has no customer on record. */
  customer: quoteSummaryCustomerSchema.nullable(),
  lineItems: z.array(z.object({ productName: z.string(), quantity: z.number().positive() })),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quotesPageSchema = z.object({
  quotes: z.array(quoteSummarySchema),
  /** Every quote the filters match, not the page's length ("all orders" count). */
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export type QuotesPage = z.infer<typeof quotesPageSchema>;

export const customerSchema = z.object({
  id,
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  organization: z.string().nullable(),
});

export const deliveryAddressSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  region: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
});

/** One quote or order with everything the detail page and the PDF show. */
export const quoteDetailSchema = z.object({
  id,
  number: z.number().int().positive(),
  createdAt: timestamp,
  state: orderStateSchema,
  currency: currencySchema,
  subtotalCents: cents,
  taxCents: cents,
  totalCents: cents,
  /** Missing data shows the product's empty texts ("no customer information … found"). */
  customer: customerSchema.nullable(),
  deliveryAddress: deliveryAddressSchema.nullable(),
  lineItems: z.array(lineItemSchema),
  lead: z.object({ id, stage: leadStageSchema, source: z.string(), channel: channelSchema }).nullable(),
  conversation: z.object({ id }).extend(chatConversationSchema.shape).nullable(),
  aiEmployee: z.object({ id, name: z.string() }).nullable(),
});
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

// ---------------------------------------------------------------------------------------------------
// Queries, keys as routes see them after the snake→camel renaming: `q[conversation_id_eq]` →
// `q[conversationIdEq]`, `per_page` → perPage. Unknown enum values are a 400 here.

export const QUOTE_FILTER_KEYS = {
  conversationId: "q[conversationIdEq]",
  leadId: "q[leadIdEq]",
  aiEmployeeId: "q[aiEmployeeIdEq]",
  state: "q[stateEq]",
} as const;

// Ids are UUIDs: anything else would make the database refuse the comparison, so refuse it first.
const idFilter = z.guid({ error: "Must be a UUID" }).optional();

export const quotesQuerySchema = periodQuerySchema.extend({
  [QUOTE_FILTER_KEYS.conversationId]: idFilter,
  [QUOTE_FILTER_KEYS.leadId]: idFilter,
  [QUOTE_FILTER_KEYS.aiEmployeeId]: idFilter,
  [QUOTE_FILTER_KEYS.state]: z.enum(ORDER_STATES, { error: `Must be one of ${ORDER_STATES.join(", ")}` }).optional(),
  page: paginationQuerySchema.shape.page,
  perPage: paginationQuerySchema.shape.perPage,
});
export type QuotesQuery = z.infer<typeof quotesQuerySchema>;
