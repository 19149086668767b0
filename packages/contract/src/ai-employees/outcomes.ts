// What each AI employee and each department achieved in a period, and the rules that define each
// figure. The dashboard's total sales and these figures come from the same rows: summed over the
// employees, revenue equals the dashboard's total for the orders that have an AI employee.
import { z } from "zod";
import type { OrderState } from "../orders/order.ts";
import { periodQuerySchema } from "../period/period-query.ts";
import { TIME_FRAMES, type TimeFrame } from "../period/time-frame.ts";
import { REPORT_BUCKETS } from "../sales/reports.ts";
import { timestampSchema } from "../sales/schemas.ts";

/** Outcomes default to the last 30 days, like the orders list and the reports. */
export const OUTCOMES_DEFAULT_FRAME: TimeFrame = "monthly";

/** States in which a quote has become an order (the customer said yes); `completed` is also won. */
export const PLACED_ORDER_STATES = ["confirmed", "pending", "completed"] as const satisfies readonly OrderState[];

/** States of an order that is placed and not yet won: what collections chases. */
export const UNPAID_ORDER_STATES = ["confirmed", "pending"] as const satisfies readonly OrderState[];

/** Quote states still waiting on the customer: a seller's open quotes. */
export const OPEN_QUOTE_STATES = ["draft", "draft_sent", "sent", "started"] as const satisfies readonly OrderState[];

/** A customer is lapsed when their last order is older than this: retention's list. */
export const RETENTION_LAPSED_DAYS = 60;

const count = z.number().int().nonnegative();

/**
 * One period's figures. Records count in the period they were CREATED in (as on the dashboard):
 * - revenueCents: completed orders' totals in the company's main currency (others are not converted);
 * - quotes: quotes and orders created; orders: those now placed (confirmed, pending or completed);
 * - won: those completed; leads: leads created; leadsWon: those now won (conversion's numerator);
 * - conversations: conversations started; actionItemsRaised: handoffs to a human, of which
 *   actionItemsOpen are still to do; medianFirstReplySeconds: over the period's conversations that
 *   have a customer message and a reply after it, the median wait for that first reply (null: none),
 *   counting only the time inside the company's business hours when it has them;
 * - aiReplies and handoffs: the agent runtime's replies and hand-offs, counted when they happened;
 * - ticketsOpened: support tickets created with the employee as the AI employee involved;
 *   ticketsClosed: those of its tickets closed in the period (whenever they were opened; a ticket
 *   reopened since is not closed); medianCloseSeconds: over those, the median time from opening to
 *   the close (null: none closed).
 */
export const outcomeFiguresSchema = z.object({
  revenueCents: z.number().int(),
  quotes: count,
  orders: count,
  won: count,
  leads: count,
  leadsWon: count,
  conversations: count,
  actionItemsRaised: count,
  actionItemsOpen: count,
  medianFirstReplySeconds: z.number().nonnegative().nullable(),
  /** Replies the agent runtime wrote (not staff's, not the playground's). */
  aiReplies: count,
  /** Runs that handed the conversation to staff or another department. */
  handoffs: count,
  ticketsOpened: count,
  ticketsClosed: count,
  medianCloseSeconds: z.number().nonnegative().nullable(),
});
export type OutcomeFigures = z.infer<typeof outcomeFiguresSchema>;

/** The figures' definitions, for the API description. */
export const OUTCOME_FIGURES_DOC =
  "Records count in the period they were created in, and only those with an AI employee. revenue_cents: completed orders in the company's main currency (the dashboard's total sales for the same orders); quotes: quotes and orders created; orders: those now confirmed, pending or completed; won: completed; leads and leads_won: leads created and those now won; conversations: conversations started; action_items_raised and action_items_open: handoffs to a human and those still to do; median_first_reply_seconds: median wait from a conversation's first customer message to the first reply, counting only the time inside the company's business hours when it has them (null when none); ai_replies and handoffs: the agent runtime's replies and hand-offs in the period (playground tests never count); tickets_opened: support tickets opened with the AI employee involved; tickets_closed: its tickets closed in the period, whenever opened; median_close_seconds: the median time from opening to that close (null when none closed).";

export const EMPTY_OUTCOME_FIGURES: OutcomeFigures = {
  revenueCents: 0,
  quotes: 0,
  orders: 0,
  won: 0,
  leads: 0,
  leadsWon: 0,
  conversations: 0,
  actionItemsRaised: 0,
  actionItemsOpen: 0,
  medianFirstReplySeconds: null,
  aiReplies: 0,
  handoffs: 0,
  ticketsOpened: 0,
  ticketsClosed: 0,
  medianCloseSeconds: null,
};

/** The period and the one of equal length right before it, both figured. */
export const outcomeComparisonSchema = z.object({ present: outcomeFiguresSchema, past: outcomeFiguresSchema });
export type OutcomeComparison = z.infer<typeof outcomeComparisonSchema>;

export const outcomePeriodSchema = z.object({
  frame: z.enum([...TIME_FRAMES, "custom"]),
  start: timestampSchema,
  end: timestampSchema,
  previousStart: timestampSchema,
});

/** One row of the workforce scoreboard: who the employee is, and its figures. */
export const employeeOutcomeSchema = outcomeComparisonSchema.extend({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  status: z.enum(["active", "inactive"]),
  avatarUrl: z.string().nullable(),
  department: z.object({ id: z.string(), name: z.string() }),
  createdAt: timestampSchema,
});
export type EmployeeOutcome = z.infer<typeof employeeOutcomeSchema>;

export const departmentOutcomeSchema = outcomeComparisonSchema.extend({
  id: z.string(),
  name: z.string(),
  employees: count,
  activeEmployees: count,
});
export type DepartmentOutcome = z.infer<typeof departmentOutcomeSchema>;

/** `GET /app/ai_employees/outcomes.json`: every employee (or one department's) with its figures. */
export const workforceOutcomesSchema = z.object({
  currency: z.string(),
  period: outcomePeriodSchema,
  employees: z.array(employeeOutcomeSchema),
  departments: z.array(departmentOutcomeSchema),
});
export type WorkforceOutcomes = z.infer<typeof workforceOutcomesSchema>;

export const workforceOutcomesQuerySchema = periodQuerySchema.extend({
  departmentId: z.guid({ error: "Must be a UUID" }).optional(),
});
export type WorkforceOutcomesQuery = z.infer<typeof workforceOutcomesQuerySchema>;

/** One bucket of an employee's chart: revenue won, orders placed and conversations started. */
export const outcomePointSchema = z.object({
  date: z.string(),
  revenueCents: z.number().int(),
  orders: count,
  conversations: count,
});
export type OutcomePoint = z.infer<typeof outcomePointSchema>;

/** `GET /app/ai_employees/{id}/outcomes.json`: one employee's figures and its figures over time. */
export const employeeOutcomesSchema = outcomeComparisonSchema.extend({
  currency: z.string(),
  period: outcomePeriodSchema,
  bucket: z.enum(REPORT_BUCKETS),
  series: z.array(outcomePointSchema),
});
export type EmployeeOutcomes = z.infer<typeof employeeOutcomesSchema>;

export const employeeOutcomesQuerySchema = periodQuerySchema;

/** Lead-to-won conversion in percent, or null when no lead was created (nothing to convert). */
export function conversionPercent(figures: Pick<OutcomeFigures, "leads" | "leadsWon">): number | null {
  if (figures.leads <= 0) return null;
  return (figures.leadsWon / figures.leads) * 100;
}

/** The figures' medians: they cannot be added up, so a group's are taken from its members' raw values. */
export type OutcomeMedians = Pick<OutcomeFigures, "medianFirstReplySeconds" | "medianCloseSeconds">;

/** The figures of several employees as one: counts and revenue add up; the medians cannot, so they are given. */
export function sumOutcomeFigures(
  rows: readonly OutcomeFigures[],
  medians: Partial<OutcomeMedians> = {},
): OutcomeFigures {
  const total = { ...EMPTY_OUTCOME_FIGURES, ...medians };
  for (const row of rows) {
    total.revenueCents += row.revenueCents;
    total.quotes += row.quotes;
    total.orders += row.orders;
    total.won += row.won;
    total.leads += row.leads;
    total.leadsWon += row.leadsWon;
    total.conversations += row.conversations;
    total.actionItemsRaised += row.actionItemsRaised;
    total.actionItemsOpen += row.actionItemsOpen;
    total.aiReplies += row.aiReplies;
    total.handoffs += row.handoffs;
    total.ticketsOpened += row.ticketsOpened;
    total.ticketsClosed += row.ticketsClosed;
  }
  return total;
}

/** The median of a list of numbers (the mean of the middle two for an even count); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
