import { AGENT_RUN_OUTCOMES, type TraceStep } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { apiChannels } from "./channels.ts";
import { companyId, createdAt, inList } from "./columns.ts";
import { conversations, messages } from "./conversations.ts";
import { customers } from "./customers.ts";
import { aiEmployees } from "./departments.ts";

// The agent runtime's tables (modules/agents/README.md).

export const JOB_KINDS = [
  "agent_reply",
  "webhook_delivery",
  "knowledge_index",
  "whatsapp_send",
  "whatsapp_media",
] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const JOB_STATES = ["queued", "running", "done", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Work done after a request has answered: an AI reply to a customer message, a reply posted to a
 * channel's webhook. A job is inserted in the transaction that stores what it is about, so a crash
 * never loses one; a running job holds a lease, and a job whose lease ran out (its process died) is
 * taken up again. On PostgreSQL graphile-worker delivers them to the instances; on PGlite the one
 * process polls this table.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    kind: text("kind", { enum: JOB_KINDS }).notNull(),
    // The message it is about: one job of a kind per message.
    subjectId: uuid("subject_id").notNull(),
    state: text("state", { enum: JOB_STATES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    unique("jobs_kind_subject_id_key").on(t.kind, t.subjectId),
    // The poller (PGlite) and the sweeper of expired leases.
    index("jobs_state_run_after_idx").on(t.state, t.runAfter),
    check("jobs_kind_check", sql`${t.kind} in (${inList(JOB_KINDS)})`),
    check("jobs_state_check", sql`${t.state} in (${inList(JOB_STATES)})`),
  ],
);

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

/** Who a channel's `customer.external_id` is among the company's customers. */
export const channelContacts = pgTable(
  "channel_contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    apiChannelId: uuid("api_channel_id")
      .notNull()
      .references(() => apiChannels.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [unique("channel_contacts_api_channel_id_external_id_key").on(t.apiChannelId, t.externalId)],
);

export type JobRow = typeof jobs.$inferSelect;
export type AgentRunRow = typeof agentRuns.$inferSelect;
