// What each department screen lists as its work: a department's open leads, quotes, conversations
// and action items; collections' unpaid orders; retention's lapsed customers.
import { z } from "zod";
import { CONVERSATION_HANDLERS, CONVERSATION_STATUSES } from "../conversations/conversation.ts";
import { paginationQuerySchema } from "../http/errors.ts";
import { ORDER_STATES } from "../orders/order.ts";
import { CHANNELS } from "../sales/channel.ts";
import { LEAD_STAGES } from "../sales/leads.ts";
import { timestampSchema } from "../sales/schemas.ts";
import { ACTION_TYPES } from "../tasks/task.ts";

/** How many of each kind of work a department screen shows; the totals say how many there are. */
export const DEPARTMENT_WORK_LIMIT = 8;

const ref = z.object({ id: z.string(), name: z.string() });
const count = z.number().int().nonnegative();
const listOf = <T extends z.ZodType>(item: T) => z.object({ total: count, items: z.array(item) });

export const workLeadSchema = z.object({
  id: z.string(),
  personName: z.string(),
  companyName: z.string().nullable(),
  stage: z.enum(LEAD_STAGES),
  channel: z.enum(CHANNELS),
  dealSizeCents: z.number().int(),
  currency: z.string(),
  conversationId: z.string().nullable(),
  aiEmployee: ref,
  createdAt: timestampSchema,
});

export const workQuoteSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  state: z.enum(ORDER_STATES),
  totalCents: z.number().int(),
  currency: z.string(),
  customerName: z.string().nullable(),
  aiEmployee: ref,
  createdAt: timestampSchema,
});

export const workConversationSchema = z.object({
  id: z.string(),
  displayId: z.number().int(),
  customerName: z.string().nullable(),
  channel: z.enum(CHANNELS),
  status: z.enum(CONVERSATION_STATUSES),
  handledBy: z.enum(CONVERSATION_HANDLERS),
  aiEmployee: ref,
  lastActivityAt: timestampSchema,
});

export const workActionItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  actionType: z.enum(ACTION_TYPES),
  dueAt: timestampSchema,
  aiEmployee: ref,
  createdAt: timestampSchema,
});

/**
 * `GET /app/ai_departments/{id}/work.json`: what the department's employees have open, newest first —
 * leads not yet won or lost, quotes waiting on the customer, conversations not resolved, action items
 * to do — at most DEPARTMENT_WORK_LIMIT of each, with how many there are.
 */
export const departmentWorkSchema = z.object({
  department: ref,
  leads: listOf(workLeadSchema),
  openQuotes: listOf(workQuoteSchema),
  conversations: listOf(workConversationSchema),
  actionItems: listOf(workActionItemSchema),
});
export type DepartmentWork = z.infer<typeof departmentWorkSchema>;

/** An order placed and not yet won, with how long it has waited (whole days since it was created). */
export const unpaidOrderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  state: z.enum(ORDER_STATES),
  totalCents: z.number().int(),
  currency: z.string(),
  customerName: z.string().nullable(),
  aiEmployee: ref.nullable(),
  createdAt: timestampSchema,
  ageDays: count,
});

/** `GET /app/collections/orders.json`: confirmed or pending orders, oldest first. */
export const unpaidOrdersPageSchema = z.object({
  orders: z.array(unpaidOrderSchema),
  total: count,
  /** The sum of every unpaid order in the company's main currency (others are not converted). */
  outstandingCents: z.number().int(),
  currency: z.string(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type UnpaidOrdersPage = z.infer<typeof unpaidOrdersPageSchema>;

/** A customer who bought before and not in the last RETENTION_LAPSED_DAYS days. */
export const lapsedCustomerSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  organization: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Completed orders in the company's main currency. */
  lifetimeValueCents: z.number().int(),
  orders: count,
  lastOrderAt: timestampSchema,
  daysSinceLastOrder: count,
});

/** `GET /app/retention/customers.json`: lapsed customers, most valuable first. */
export const lapsedCustomersPageSchema = z.object({
  customers: z.array(lapsedCustomerSchema),
  total: count,
  currency: z.string(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type LapsedCustomersPage = z.infer<typeof lapsedCustomersPageSchema>;

export const departmentWorkListQuerySchema = paginationQuerySchema;
