// Zod schemas of the sales API (camelCase; the server renames to snake_case on the wire). The server
// validates its answers with these and the OpenAPI document is generated from them.
import { z } from "zod";
import { paginationQuerySchema } from "../http/errors.ts";
import { TIME_FRAMES } from "../search/search-params.ts";
import { CHANNELS } from "./channel.ts";
import { ACCEPTED_CURRENCIES } from "./currency.ts";
import { LEAD_STAGES } from "./leads.ts";
import { ORDER_STATES } from "./order.ts";

export const currencySchema = z.enum(ACCEPTED_CURRENCIES);
export const orderStateSchema = z.enum(ORDER_STATES);
export const leadStageSchema = z.enum(LEAD_STAGES);
export const channelSchema = z.enum(CHANNELS);

// Timestamps travel as ISO 8601 text (`date.toISOString()` on the server).
const timestamp = z.iso.datetime({ offset: true });
const id = z.string();
const cents = z.number().int();

// ---------------------------------------------------------------------------------------------------
// Responses

const countIndicator = z.object({ present: z.number().int().nonnegative(), past: z.number().int().nonnegative() });

/**
 * Present = the requested period, past = the period of equal length right before. Money is in currency
 * units (cents / 100, like `orderAmount`) of `currency`; only `completed` orders count as sales.
 */
export const salesIndicatorsSchema = z.object({
  totalSalesAmount: z.object({ present: z.number(), past: z.number(), currency: currencySchema }),
  totalCustomers: countIndicator,
  leadsCount: countIndicator,
  qualifiedLeadsCount: countIndicator,
  quoted: countIndicator,
  inFollowUp: countIndicator,
  won: countIndicator,
  /** Average minutes from a lead's creation to its order's completion; 0 when nothing completed. */
  turnaroundTimeMinutes: z.object({ present: z.number().nonnegative(), past: z.number().nonnegative() }),
});
export type SalesIndicators = z.infer<typeof salesIndicatorsSchema>;

export const moneySchema = z.object({ amountCents: cents, currency: currencySchema });
export type Money = z.infer<typeof moneySchema>;

/** The chat tool's ids for a conversation ("Go to chat" links). */
export const chatConversationSchema = z.object({
  chatConversationDisplayId: z.number().int(),
  chatInboxId: z.number().int(),
});

export const leadsBreakdownItemSchema = z.object({
  /** The lead's id (what `q[lead_id_eq]` filters quotes by). */
  id,
  conversationId: id.nullable(),
  source: z.string(),
  channel: channelSchema,
  personName: z.string(),
  companyName: z.string().nullable(),
  need: z.string().nullable(),
  dealSize: moneySchema,
  /** When the lead was created. */
  date: timestamp,
  currentStage: leadStageSchema,
  conversation: chatConversationSchema.nullable(),
});
export type LeadsBreakdownItem = z.infer<typeof leadsBreakdownItemSchema>;

/** A capped, newest-first page of the breakdown with the total the filters match. */
export const leadsBreakdownSchema = z.object({
  leads: z.array(leadsBreakdownItemSchema),
  total: z.number().int().nonnegative(),
});
export type LeadsBreakdown = z.infer<typeof leadsBreakdownSchema>;

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
  /** Missing data shows the spec's empty texts ("no customer information … found"). */
  customer: customerSchema.nullable(),
  deliveryAddress: deliveryAddressSchema.nullable(),
  lineItems: z.array(lineItemSchema),
  lead: z.object({ id, stage: leadStageSchema, source: z.string(), channel: channelSchema }).nullable(),
  conversation: z.object({ id }).extend(chatConversationSchema.shape).nullable(),
  aiEmployee: z.object({ id, name: z.string() }).nullable(),
});
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

// ---------------------------------------------------------------------------------------------------
// Queries. Keys are as routes see them after the snake→camel renaming: `relative_date` → relativeDate,
// `q[created_at_gteq]` → `q[createdAtGteq]`, `per_page` → perPage. The OpenAPI document renames them
// back. Unknown enum values are a 400 here; the date bounds are plain text that `parsePeriodQuery`
// checks (malformed, lteq before gteq) and resolves.

export const QUOTE_FILTER_KEYS = {
  conversationId: "q[conversationIdEq]",
  leadId: "q[leadIdEq]",
  aiEmployeeId: "q[aiEmployeeIdEq]",
  state: "q[stateEq]",
} as const;

// Ids are UUIDs: anything else would make the database refuse the comparison, so refuse it first.
const idFilter = z.guid({ error: "Must be a UUID" }).optional();

export const periodQuerySchema = z.object({
  relativeDate: z.enum(TIME_FRAMES, { error: `Must be one of ${TIME_FRAMES.join(", ")}` }).optional(),
  "q[createdAtGteq]": z.string().optional(),
  "q[createdAtLteq]": z.string().optional(),
});
export type PeriodQueryParams = z.infer<typeof periodQuerySchema>;

export const salesIndicatorsQuerySchema = periodQuerySchema;

export const leadsBreakdownQuerySchema = periodQuerySchema.extend({
  stage: z.enum(LEAD_STAGES, { error: `Must be one of ${LEAD_STAGES.join(", ")}` }).optional(),
  page: paginationQuerySchema.shape.page,
  perPage: paginationQuerySchema.shape.perPage,
});
export type LeadsBreakdownQuery = z.infer<typeof leadsBreakdownQuerySchema>;

export const quotesQuerySchema = periodQuerySchema.extend({
  [QUOTE_FILTER_KEYS.conversationId]: idFilter,
  [QUOTE_FILTER_KEYS.leadId]: idFilter,
  [QUOTE_FILTER_KEYS.aiEmployeeId]: idFilter,
  [QUOTE_FILTER_KEYS.state]: z.enum(ORDER_STATES, { error: `Must be one of ${ORDER_STATES.join(", ")}` }).optional(),
  page: paginationQuerySchema.shape.page,
  perPage: paginationQuerySchema.shape.perPage,
});
export type QuotesQuery = z.infer<typeof quotesQuerySchema>;

/** The period part of any of these queries, in the shape `parsePeriodQuery` takes. */
export function periodQueryOf(query: PeriodQueryParams): { relativeDate?: string; gteq?: string; lteq?: string } {
  return { relativeDate: query.relativeDate, gteq: query["q[createdAtGteq]"], lteq: query["q[createdAtLteq]"] };
}
