import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { createdAt, inList } from "./columns.ts";
import { companies } from "./companies.ts";

// The job queue's table (modules/jobs/README.md).

export const JOB_KINDS = [
  "agent_reply",
  "webhook_delivery",
  "knowledge_index",
  "whatsapp_send",
  "whatsapp_media",
  "mail_send",
  "email_receive",
  "notification_mail",
  "daily_digest",
  "retention_sweep",
  "data_export",
  "company_purge",
  "call_simulation",
  "billing_sync",
  "stripe_event",
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
    // Null for work that belongs to no company (mail about a user's own account).
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
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

export type JobRow = typeof jobs.$inferSelect;
