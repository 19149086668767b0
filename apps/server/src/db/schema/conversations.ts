import {
  ACTION_TYPES,
  ASSIGNABLE_TYPES,
  CHANNELS,
  CONVERSATION_HANDLERS,
  CONVERSATION_STATUSES,
  HUMAN_RESPONSE_TASK,
  SENDER_TYPES,
  TASK_AUTHOR_TYPES,
  TASK_DECISIONS,
  TASK_STATES,
  TASK_TYPES,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { companies } from "./companies.ts";
import { aiEmployees } from "./departments.ts";
import { customers, quotes } from "./sales.ts";

// Conversations, their messages and attachments, and the tasks AI employees escalate to staff.
// Every table carries company_id; states are text + check (not pg enums) so a new value is a plain migration.

const companyId = () =>
  uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/** File bytes. Drizzle has no bytea builder; both drivers take and give a Uint8Array (pg: a Buffer). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

// Leads and orders link here; a conversation has the status, the handler and the activity time.
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    // The chat tool's ids: display_id is per company (the 'conversation' of 'account-conversation').
    displayId: integer("display_id").notNull(),
    inboxId: integer("inbox_id").notNull(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    channel: text("channel", { enum: CHANNELS }).notNull(),
    status: text("status", { enum: CONVERSATION_STATUSES }).notNull().default("open"),
    aiEmployeeId: uuid("ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    // The AI employee answers until a staff member sends a message.
    handledBy: text("handled_by", { enum: CONVERSATION_HANDLERS }).notNull().default("ai"),
    takenOverByUserId: uuid("taken_over_by_user_id").references(() => users.id, { onDelete: "set null" }),
    takenOverAt: timestamp("taken_over_at", { withTimezone: true }),
    // The newest message's time (the conversation's creation before any): the inbox's order.
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("conversations_company_id_display_id_key").on(t.companyId, t.displayId),
    // The inbox: a company's conversations by latest activity, keyset-paged.
    index("conversations_company_id_last_activity_at_idx").on(t.companyId, t.lastActivityAt.desc(), t.id.desc()),
    check("conversations_status_check", sql`${t.status} in (${inList(CONVERSATION_STATUSES)})`),
    check("conversations_handled_by_check", sql`${t.handledBy} in (${inList(CONVERSATION_HANDLERS)})`),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderType: text("sender_type", { enum: SENDER_TYPES }).notNull(),
    senderName: text("sender_name").notNull(),
    // The staff author, or the AI employee who wrote it; null for the customer.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    aiEmployeeId: uuid("ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    // Unbounded here: channels deliver long emails; the API limits what staff send (MESSAGE_MAX_LENGTH).
    content: text("content").notNull(),
    // Kept to the millisecond: the page cursor carries a JS Date, which has no microseconds.
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
  },
  (t) => [
    // A conversation's pages, newest first (keyset on created_at, id).
    index("messages_conversation_id_created_at_idx").on(t.conversationId, t.createdAt.desc(), t.id.desc()),
    index("messages_company_id_created_at_idx").on(t.companyId, t.createdAt),
    check("messages_sender_type_check", sql`${t.senderType} in (${inList(SENDER_TYPES)})`),
    check("messages_created_at_milliseconds_check", sql`${t.createdAt} = date_trunc('milliseconds', ${t.createdAt})`),
  ],
);

// Files live in the database so every instance on one PostgreSQL serves them. Served publicly at
// /files/{id}/{access_key}/{file_name}: the access key (32 random bytes, base64url) is the capability.
export const attachments = pgTable(
  "attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    accessKey: text("access_key").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("attachments_message_id_idx").on(t.messageId),
    check("attachments_byte_size_check", sql`${t.byteSize} >= 0 and ${t.byteSize} = octet_length(${t.data})`),
  ],
);

// What an AI employee escalates to staff: a question to answer or something to authorize. The thread
// about it (task_messages) is the assistant thread; to-do tasks are the action items.
export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    type: text("type", { enum: TASK_TYPES }).notNull().default(HUMAN_RESPONSE_TASK),
    actionType: text("action_type", { enum: ACTION_TYPES }).notNull(),
    title: text("title").notNull(),
    question: text("question").notNull(),
    state: text("state", { enum: TASK_STATES }).notNull().default("to_do"),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    answer: text("answer"),
    decision: text("decision", { enum: TASK_DECISIONS }),
    resolvedByUserId: uuid("resolved_by_user_id").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    // The record it concerns: the conversation, or the quote/order.
    assignableType: text("assignable_type", { enum: ASSIGNABLE_TYPES }).notNull(),
    assignableId: uuid("assignable_id").notNull(),
    // The customer conversation it concerns, whatever the assignable (the answer is relayed there).
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    aiEmployeeId: uuid("ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Action items: a company's tasks by state, newest first (id breaks ties, as the list orders).
    index("tasks_company_id_state_created_at_idx").on(t.companyId, t.state, t.createdAt.desc(), t.id.desc()),
    // `tasks.json` without a state: all of a company's tasks, newest first.
    index("tasks_company_id_created_at_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
    // Assistant threads: newest update first.
    index("tasks_company_id_updated_at_idx").on(t.companyId, t.updatedAt.desc(), t.id.desc()),
    // A conversation's tasks (task counts, the conversation page).
    index("tasks_conversation_id_idx").on(t.conversationId),
    check("tasks_type_check", sql`${t.type} in (${inList(TASK_TYPES)})`),
    check("tasks_action_type_check", sql`${t.actionType} in (${inList(ACTION_TYPES)})`),
    check("tasks_state_check", sql`${t.state} in (${inList(TASK_STATES)})`),
    check("tasks_assignable_type_check", sql`${t.assignableType} in (${inList(ASSIGNABLE_TYPES)})`),
    // Only authorize items carry a decision.
    check(
      "tasks_decision_check",
      sql`${t.decision} is null or (${t.decision} in (${inList(TASK_DECISIONS)}) and ${t.actionType} = 'authorize')`,
    ),
    // A done task says when it was resolved; a to-do task has not been.
    check("tasks_resolved_check", sql`(${t.state} = 'done') = (${t.resolvedAt} is not null)`),
  ],
);

/** The assistant thread of a task: the AI employee's question first, then staff and AI replies. */
export const taskMessages = pgTable(
  "task_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    authorType: text("author_type", { enum: TASK_AUTHOR_TYPES }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("task_messages_task_id_created_at_idx").on(t.taskId, t.createdAt),
    check("task_messages_author_type_check", sql`${t.authorType} in (${inList(TASK_AUTHOR_TYPES)})`),
  ],
);

export type Conversation = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type TaskMessageRow = typeof taskMessages.$inferSelect;
