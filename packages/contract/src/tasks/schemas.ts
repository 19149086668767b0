// Zod schemas of the tasks API: action items, assistant threads, resolutions and the assist call
// (camelCase; the server renames to snake_case on the wire).
import { z } from "zod";
import {
  conversationCustomerSchema,
  conversationQuoteSchema,
  messageSchema,
  namedRefSchema,
} from "../conversations/schemas.ts";
import { paginationQuerySchema } from "../http/errors.ts";
import { periodQuerySchema } from "../period/period-query.ts";
import { CHANNELS } from "../sales/channel.ts";
import { requiredText } from "../validation.ts";
import { parseChatId } from "./assist-thread-key.ts";
import {
  ACTION_TYPES,
  ANSWER_MAX_LENGTH,
  ASSIGNABLE_TYPES,
  TASK_AUTHOR_TYPES,
  TASK_DECISIONS,
  TASK_OUTCOMES,
  TASK_STATES,
  TASK_TYPES,
  TASKS_PER_PAGE,
  TASKS_PER_PAGE_MAX,
} from "./task.ts";

const timestamp = z.iso.datetime({ offset: true });
const id = z.string();
const oneOf = (values: readonly string[]) => `Must be one of ${values.join(", ")}`;

export const taskStateSchema = z.enum(TASK_STATES);
export const actionTypeSchema = z.enum(ACTION_TYPES);
export const taskDecisionSchema = z.enum(TASK_DECISIONS);
export const assignableTypeSchema = z.enum(ASSIGNABLE_TYPES);

// ---------------------------------------------------------------------------------------------------
// Responses

/**
 * A message of the task's conversation as an action item shows it: who, when, what, and its files. The
 * conversation's own screens carry the rest (delivery, e-mail headers, the AI run behind it).
 */
export const taskMessageSchema = messageSchema.pick({
  id: true,
  senderType: true,
  senderName: true,
  avatarUrl: true,
  content: true,
  attachments: true,
  createdAt: true,
});
export type TaskMessage = z.infer<typeof taskMessageSchema>;

/** The customer conversation a task concerns, with its most recent messages (`TASK_CONVERSATION_MESSAGES`). */
export const taskConversationSchema = z.object({
  id,
  displayId: z.number().int().positive(),
  inboxId: z.number().int(),
  accountId: z.number().int().positive(),
  channel: z.enum(CHANNELS),
  customerName: z.string().nullable(),
  /** Oldest → newest. */
  messages: z.array(taskMessageSchema),
});
export type TaskConversation = z.infer<typeof taskConversationSchema>;

/** One task. */
export const taskSchema = z.object({
  id,
  type: z.enum(TASK_TYPES),
  actionType: actionTypeSchema,
  /** A short line for lists ("15% discount on Q-1234"). */
  title: z.string(),
  /** What the AI asks, or what it wants authorized. */
  question: z.string(),
  state: taskStateSchema,
  /** Staff must act before this; a resolution after it is refused. */
  dueAt: timestamp,
  answer: z.string().nullable(),
  /** Authorize items only, once done. */
  decision: taskDecisionSchema.nullable(),
  /** Authorized items the AI employee raised: applied, or changed since it was raised (nothing was done). */
  outcome: z.enum(TASK_OUTCOMES).nullable(),
  /** Why it was not applied, for staff: "Q-1301 changed after this was raised (total …); nothing was confirmed." */
  outcomeReason: z.string().nullable(),
  resolvedAt: timestamp.nullable(),
  resolvedBy: namedRefSchema.nullable(),
  /** The record the task concerns: the conversation, or the quote/order. */
  assignable: z.object({ type: assignableTypeSchema, id }),
  aiEmployeeId: id.nullable(),
  aiEmployee: namedRefSchema.nullable(),
  tags: z.array(z.string()),
  updatedAt: timestamp,
  createdAt: timestamp,
  conversation: taskConversationSchema,
  quote: conversationQuoteSchema.nullable(),
});
export type Task = z.infer<typeof taskSchema>;

/** `GET /app/tasks.json`: newest first. */
export const tasksPageSchema = z.object({
  tasks: z.array(taskSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export type TasksPage = z.infer<typeof tasksPageSchema>;

/** A message of a task's assistant thread (staff ↔ AI employee about the task). */
export const threadMessageSchema = z.object({
  id,
  taskId: id,
  authorType: z.enum(TASK_AUTHOR_TYPES),
  /** The AI employee's or the staff member's name. */
  authorName: z.string(),
  content: z.string(),
  createdAt: timestamp,
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

/** A row of the assistant's threads list (`GET /app/tasks`): task count, tags, customer, AI assistant. */
export const assistantThreadSummarySchema = taskSchema
  .pick({
    id: true,
    type: true,
    actionType: true,
    title: true,
    state: true,
    dueAt: true,
    assignable: true,
    aiEmployeeId: true,
    aiEmployee: true,
    tags: true,
    updatedAt: true,
    createdAt: true,
  })
  .extend({
    /** To-do tasks on the same customer conversation, this one included while it is to do. */
    taskCount: z.number().int().nonnegative(),
    customer: conversationCustomerSchema.nullable(),
    conversation: taskConversationSchema.omit({ messages: true }),
    lastThreadMessage: threadMessageSchema.nullable(),
  });
export type AssistantThreadSummary = z.infer<typeof assistantThreadSummarySchema>;

/** `GET /app/tasks`: `Tasks::HumanResponse` threads, newest `updatedAt` first. */
export const assistantThreadsPageSchema = z.object({
  tasks: z.array(assistantThreadSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export type AssistantThreadsPage = z.infer<typeof assistantThreadsPageSchema>;

/** `GET /app/tasks/{id}.json`: one thread with everything the assistant screen's three panels show. */
export const assistantThreadSchema = z.object({
  task: taskSchema,
  taskCount: z.number().int().nonnegative(),
  customer: conversationCustomerSchema
    .extend({ email: z.string().nullable(), phone: z.string().nullable() })
    .nullable(),
  /** Oldest → newest; the AI's question comes first. */
  threadMessages: z.array(threadMessageSchema),
});
export type AssistantThread = z.infer<typeof assistantThreadSchema>;

/** `POST /internal/assist/{accountId}/thread/{conversationDisplayId}`. */
export const assistResultSchema = z.object({
  task: taskSchema,
  threadMessage: threadMessageSchema,
});
export type AssistResult = z.infer<typeof assistResultSchema>;

// ---------------------------------------------------------------------------------------------------
// Request bodies

const answerField = requiredText(1, ANSWER_MAX_LENGTH);

/**
 * `POST /app/tasks/{id}/resolution.json`. Which fields a task needs depends on its action type, which
 * only the server knows: it checks the body against the task with `resolutionIssue`.
 */
export const resolutionBodySchema = z.object({
  decision: z.enum(TASK_DECISIONS, { error: oneOf(TASK_DECISIONS) }).optional(),
  answer: answerField.optional(),
});
export type ResolutionBody = z.infer<typeof resolutionBodySchema>;

/** The assist call: staff's answer in the thread of `taskId` (which it resolves). */
export const assistBodySchema = z.object({
  input: answerField,
  taskId: z.guid({ error: "Must be a UUID" }),
});
export type AssistBody = z.infer<typeof assistBodySchema>;

// ---------------------------------------------------------------------------------------------------
// Queries (keys as routes see them after the snake→camel renaming, see period/period-query.ts)

const perPage = z.coerce.number().int().min(1).max(TASKS_PER_PAGE_MAX).default(TASKS_PER_PAGE);

/**
 * `GET /app/tasks.json`: by state and created_at period, newest first. Without `relativeDate` or both
 * bounds there is no date filter (`TASKS_DEFAULT_PERIOD`; see `periodRequested`).
 */
export const tasksQuerySchema = periodQuerySchema.extend({
  state: z.enum(TASK_STATES, { error: oneOf(TASK_STATES) }).optional(),
  /** The AI employee who raised it. */
  aiEmployeeId: z.guid({ error: "Must be a UUID" }).optional(),
  page: paginationQuerySchema.shape.page,
  perPage,
});
export type TasksQuery = z.infer<typeof tasksQuerySchema>;

/** `GET /app/tasks`: every thread (no period), optionally by state. */
export const assistantThreadsQuerySchema = z.object({
  state: z.enum(TASK_STATES, { error: oneOf(TASK_STATES) }).optional(),
  page: paginationQuerySchema.shape.page,
  perPage,
});
export type AssistantThreadsQuery = z.infer<typeof assistantThreadsQuerySchema>;

const chatIdParam = z.string().refine((text) => parseChatId(text) !== null, { error: "Must be a positive integer" });

/** The assist call's path: malformed ids are a 400 (routes read the numbers with `parseChatId`). */
export const assistPathParamsSchema = z.object({
  accountId: chatIdParam,
  conversationDisplayId: chatIdParam,
});
