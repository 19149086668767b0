import {
  ACTION_TYPES,
  type AgentRequest,
  ASSIGNABLE_TYPES,
  HUMAN_RESPONSE_TASK,
  TASK_AUTHOR_TYPES,
  TASK_DECISIONS,
  TASK_OUTCOMES,
  TASK_STATES,
  TASK_TYPES,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { aiEmployees } from "./ai-employees.ts";
import { users } from "./auth.ts";
import { companyId, createdAt, inList } from "./columns.ts";
import { conversations } from "./conversations.ts";
import { quotes } from "./orders.ts";

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
    // What came of an authorized request the runtime raised: applied, or not because the quote changed
    // since it was raised (the reason says how, for staff).
    outcome: text("outcome", { enum: TASK_OUTCOMES }),
    outcomeReason: text("outcome_reason"),
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
    // Raised by the agent runtime: the customer message whose run asked (one item of each action type
    // per message, so a retried run never asks twice) and what it asked for (applied when authorized).
    sourceMessageId: uuid("source_message_id"),
    request: jsonb("request").$type<AgentRequest>(),
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
    uniqueIndex("tasks_source_message_id_action_type_key")
      .on(t.sourceMessageId, t.actionType)
      .where(sql`${t.sourceMessageId} is not null`),
    check("tasks_type_check", sql`${t.type} in (${inList(TASK_TYPES)})`),
    check("tasks_action_type_check", sql`${t.actionType} in (${inList(ACTION_TYPES)})`),
    check("tasks_state_check", sql`${t.state} in (${inList(TASK_STATES)})`),
    check("tasks_assignable_type_check", sql`${t.assignableType} in (${inList(ASSIGNABLE_TYPES)})`),
    // Only authorize items carry a decision.
    check(
      "tasks_decision_check",
      sql`${t.decision} is null or (${t.decision} in (${inList(TASK_DECISIONS)}) and ${t.actionType} = 'authorize')`,
    ),
    check("tasks_outcome_check", sql`${t.outcome} is null or ${t.outcome} in (${inList(TASK_OUTCOMES)})`),
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

export type TaskRow = typeof tasks.$inferSelect;
export type TaskMessageRow = typeof taskMessages.$inferSelect;
