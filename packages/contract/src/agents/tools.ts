// The agent runtime's tools: what an AI employee may do while answering a customer. The model writes
// the arguments; each tool parses them with these schemas and enforces its own rules in the server
// (prices from the catalog, the employee's limits, the conversation's own customer), never the model.
import { z } from "zod";
import { DEPARTMENT_KINDS } from "../departments/kinds.ts";
import type { QuoteSnapshot } from "../orders/quote-approval.ts";
import type { LeadStage } from "../sales/leads.ts";
import { TICKET_LIMITS, TICKET_PRIORITIES, TICKET_STATUS_FILTERS, TICKET_TYPES } from "../tickets/ticket.ts";

export const AGENT_TOOL_NAMES = [
  "find_products",
  "upsert_quote",
  "send_quote",
  "confirm_order",
  "find_orders",
  "update_lead_stage",
  "ask_human",
  "request_authorization",
  "hand_off",
  "create_ticket",
  "find_tickets",
  "update_ticket",
] as const;
export type AgentToolName = (typeof AGENT_TOOL_NAMES)[number];

export const TOOL_LIMITS = { query: 200, text: 1000, items: 20, quantity: 100_000 } as const;

/**
 * The lead stages an AI employee may set. Never `won` (a customer could talk it into marking their own
 * lead won: a lead is won when its order is confirmed) nor back to `new`.
 */
export const AI_LEAD_STAGES = ["qualified", "quoted", "following_up", "lost"] as const satisfies readonly LeadStage[];

const text = (max: number) => z.string().trim().min(1).max(max);
const percent = z.number().min(0).max(100);
const orderNumber = z.number().int().positive();
const oneOf = (values: readonly string[]) => `Must be one of ${values.join(", ")}`;

export const toolArgumentSchemas = {
  find_products: z.object({ query: text(TOOL_LIMITS.query).describe("words from the product's name or SKU") }),
  upsert_quote: z.object({
    items: z
      .array(
        z.object({
          sku: text(80).describe("the product's SKU from find_products"),
          quantity: z.number().positive().max(TOOL_LIMITS.quantity),
        }),
      )
      .min(1)
      .max(TOOL_LIMITS.items)
      .describe("the whole quote: these lines replace the open quote's lines"),
    discount_percent: percent.optional().describe("a discount on the subtotal, within your limit"),
  }),
  send_quote: z.object({}),
  confirm_order: z.object({}),
  find_orders: z.object({
    order_number: z.number().int().positive().optional().describe("one order's number, as the customer gave it"),
  }),
  update_lead_stage: z.object({
    stage: z.enum(AI_LEAD_STAGES, {
      error: `stage must be one of ${AI_LEAD_STAGES.join(", ")}: a lead is won when its order is confirmed`,
    }),
  }),
  ask_human: z.object({ question: text(TOOL_LIMITS.text).describe("what staff must answer") }),
  request_authorization: z.object({
    reason: text(TOOL_LIMITS.text),
    discount_percent: percent.optional().describe("the discount the customer asks for, when that is the request"),
  }),
  hand_off: z.object({
    to: z.enum(["staff", ...DEPARTMENT_KINDS]).describe("staff, or another department's AI employee"),
    reason: text(TOOL_LIMITS.text),
  }),
  create_ticket: z.object({
    subject: z
      .string()
      .trim()
      .min(3)
      .max(TICKET_LIMITS.subject)
      .describe("a short title staff read in the list: what went wrong, and with what"),
    description: text(TICKET_LIMITS.description).describe("the problem as the customer described it"),
    type: z
      .enum(TICKET_TYPES, { error: oneOf(TICKET_TYPES) })
      .optional()
      .describe("incident for damaged, defective, wrong or missing items; question by default"),
    priority: z
      .enum(TICKET_PRIORITIES, { error: oneOf(TICKET_PRIORITIES) })
      .optional()
      .describe("high when the customer says it is urgent; medium by default"),
    order_number: orderNumber.optional().describe("the customer's order it is about, when they named one"),
  }),
  find_tickets: z.object({
    status: z
      .enum(TICKET_STATUS_FILTERS, { error: oneOf(TICKET_STATUS_FILTERS) })
      .optional()
      .describe("open by default"),
    order_number: orderNumber.optional().describe("only the tickets about this order"),
  }),
  update_ticket: z
    .object({
      number: z
        .union([z.string().trim().min(1).max(20), z.number().int().positive()])
        .describe('the ticket\'s number as find_tickets gives it ("T-1042")'),
      comment: text(TICKET_LIMITS.comment)
        .optional()
        .describe("what the customer says about the problem now, in their words (staff read it as a note)"),
      priority: z.enum(TICKET_PRIORITIES, { error: oneOf(TICKET_PRIORITIES) }).optional(),
      close: z.boolean().optional().describe("true only when the customer confirmed the problem is solved"),
    })
    .refine((args) => args.comment !== undefined || args.priority !== undefined || args.close === true, {
      error: "Say what to change: a comment, a priority or close",
    }),
} satisfies Record<AgentToolName, z.ZodType>;

export type ToolArguments<N extends AgentToolName> = z.infer<(typeof toolArgumentSchemas)[N]>;

export const TOOL_DESCRIPTIONS: Record<AgentToolName, string> = {
  find_products: "Look up products and their prices in the company's catalog.",
  upsert_quote:
    "Create the conversation's quote, or change its lines and discount. Prices come from the catalog. A discount above your limit is refused: use request_authorization.",
  send_quote: "Send the conversation's open quote to the customer.",
  confirm_order: "Confirm the conversation's quote as an order, when the customer accepts it.",
  find_orders: "Look up this customer's own orders and their states.",
  update_lead_stage:
    "Move this conversation's lead to another stage (qualified, quoted, following up or lost; it is won when its order is confirmed).",
  ask_human: "Ask staff a question you cannot answer; the customer is told you are checking.",
  request_authorization:
    "Ask staff to authorize what exceeds your limits (a discount, an order total) for the open quote.",
  hand_off: "Hand the conversation to staff, or to another department's AI employee.",
  create_ticket:
    "Open a support ticket for this customer's problem (damaged, defective, wrong or missing items, something that does not work), tied to this conversation and to their order when they name one. Use find_tickets first: if an open ticket is already about it, use update_ticket instead. Give the customer the ticket number.",
  find_tickets: "Look up this customer's own support tickets (open ones by default), newest first.",
  update_ticket:
    "Add what the customer says to one of their tickets, change its priority, or close it once the customer confirms the problem is solved. A comment on a closed ticket reopens it: the problem is back.",
};

/**
 * What an authorize action item raised by the runtime asks for, with the quote as it was when asked
 * (`quote`): applied when staff authorize it, and only while the quote is still that (orders
 * `approvalDrift`). Items raised before approvals recorded their quote have no `quote` and are never applied.
 */
export type AgentRequest =
  | { kind: "discount"; quoteId: string; discountPercent: number; quote?: QuoteSnapshot }
  | { kind: "order_total"; quoteId: string; totalCents: number; quote?: QuoteSnapshot }
  | { kind: "question" };
