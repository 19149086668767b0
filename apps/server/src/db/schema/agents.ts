import { AGENT_RUN_OUTCOMES, type TraceStep } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { aiEmployees } from "./ai-employees.ts";
import { companyId, inList } from "./columns.ts";
import { conversations, messages } from "./conversations.ts";

// The agent runtime's table (modules/agents/README.md).

/** One AI employee's handling of one customer message: what it did (the trace) and what it cost. */
export const agentRuns = pgTable(
  "agent_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    inboundMessageId: uuid("inbound_message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    aiEmployeeId: uuid("ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    replyMessageId: uuid("reply_message_id"),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    outcome: text("outcome", { enum: AGENT_RUN_OUTCOMES }).notNull(),
    steps: jsonb("steps").$type<TraceStep[]>().notNull().default(sql`'[]'::jsonb`),
    modelCalls: integer("model_calls").notNull().default(0),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One run per customer message: a second (a retry after a crash, another instance) cannot commit.
    unique("agent_runs_inbound_message_id_key").on(t.inboundMessageId),
    // Outcome figures per employee over a period.
    index("agent_runs_company_id_finished_at_idx").on(t.companyId, t.finishedAt),
    check("agent_runs_outcome_check", sql`${t.outcome} in (${inList(AGENT_RUN_OUTCOMES)})`),
  ],
);

export type AgentRunRow = typeof agentRuns.$inferSelect;
