// Zod schemas of the sales API (camelCase; the server renames to snake_case on the wire). The server
// validates its answers with these and the OpenAPI document is generated from them.
import { z } from "zod";
import { paginationQuerySchema } from "../http/errors.ts";
import { periodQuerySchema } from "../period/period-query.ts";
import { CHANNELS } from "./channel.ts";
import { ACCEPTED_CURRENCIES } from "./currency.ts";
import { LEAD_STAGES } from "./leads.ts";

export const currencySchema = z.enum(ACCEPTED_CURRENCIES);
export const leadStageSchema = z.enum(LEAD_STAGES);
export const channelSchema = z.enum(CHANNELS);

// Timestamps travel as ISO 8601 text (`date.toISOString()` on the server).
export const timestampSchema = z.iso.datetime({ offset: true });
const timestamp = timestampSchema;
const id = z.string();
/** Money in integer cents. */
export const centsSchema = z.number().int();
const cents = centsSchema;

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

// ---------------------------------------------------------------------------------------------------
// Queries. Keys are as routes see them after the snake→camel renaming (`per_page` → perPage); the
// period part is `periodQuerySchema`. Unknown enum values are a 400 here.

export const salesIndicatorsQuerySchema = periodQuerySchema;

export const leadsBreakdownQuerySchema = periodQuerySchema.extend({
  stage: z.enum(LEAD_STAGES, { error: `Must be one of ${LEAD_STAGES.join(", ")}` }).optional(),
  page: paginationQuerySchema.shape.page,
  perPage: paginationQuerySchema.shape.perPage,
});
export type LeadsBreakdownQuery = z.infer<typeof leadsBreakdownQuerySchema>;
