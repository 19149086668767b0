import { CALL_DIRECTIONS, CALL_OUTCOMES, CALL_SPEAKERS, CALL_STATUSES, TELEPHONY_PROVIDERS } from "@foreman/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { aiEmployees } from "./ai-employees.ts";
import { users } from "./auth.ts";
import { customers } from "./channels.ts";
import { companyId, createdAt, inList } from "./columns.ts";
import { conversations } from "./conversations.ts";
import { phoneNumbers } from "./phones.ts";

// modules/calls: voice calls on the company's numbers and their transcripts. A call's status moves only
// forward (contract advanceCallStatus); its transitions live in modules/calls.

export const calls = pgTable(
  "calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    // The company's call number ("Call 12"): ticket activities name calls by it.
    displayId: integer("display_id").notNull(),
    phoneNumberId: uuid("phone_number_id").references(() => phoneNumbers.id, { onDelete: "set null" }),
    provider: text("provider", { enum: TELEPHONY_PROVIDERS }).notNull(),
    // Twilio's CallSid (`CA…`), or the simulated provider's.
    providerSid: text("provider_sid").notNull(),
    direction: text("direction", { enum: CALL_DIRECTIONS }).notNull(),
    fromNumber: text("from_number").notNull(),
    toNumber: text("to_number").notNull(),
    status: text("status", { enum: CALL_STATUSES }).notNull().default("queued"),
    aiEmployeeId: uuid("ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    conversationId: uuid("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    // Who placed an outbound call from the call interface.
    placedBy: uuid("placed_by").references(() => users.id, { onDelete: "set null" }),
    // A staff member's test call on the simulated provider: the caller's words are typed.
    isTest: boolean("is_test").notNull().default(false),
    // The language the call is spoken in (BCP-47, "en-US"): the conversation's.
    language: text("language").notNull().default("en-US"),
    outcome: text("outcome", { enum: CALL_OUTCOMES }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    durationSeconds: integer("duration_seconds"),
    // Set by the recording callback when the company records calls.
    recordingSid: text("recording_sid"),
    recordingUrl: text("recording_url"),
    recordingDurationSeconds: integer("recording_duration_seconds"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("calls_provider_sid_key").on(t.provider, t.providerSid),
    unique("calls_company_id_display_id_key").on(t.companyId, t.displayId),
    index("calls_company_id_started_at_idx").on(t.companyId, t.startedAt.desc(), t.id.desc()),
    index("calls_conversation_id_idx").on(t.conversationId),
    check("calls_status_check", sql`${t.status} in (${inList(CALL_STATUSES)})`),
    check("calls_direction_check", sql`${t.direction} in (${inList(CALL_DIRECTIONS)})`),
    check("calls_outcome_check", sql`${t.outcome} is null or ${t.outcome} in (${inList(CALL_OUTCOMES)})`),
    check("calls_provider_check", sql`${t.provider} in (${inList(TELEPHONY_PROVIDERS)})`),
  ],
);

/** A call's transcript, turn by turn: the caller's recognised speech and what the AI said. */
export const callTurns = pgTable(
  "call_turns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    callId: uuid("call_id")
      .notNull()
      .references(() => calls.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    speaker: text("speaker", { enum: CALL_SPEAKERS }).notNull(),
    text: text("text").notNull(),
    confidence: real("confidence"),
    // The message it was stored as in the call's conversation, and the agent run that answered it.
    messageId: uuid("message_id"),
    agentRunId: uuid("agent_run_id"),
    // From the caller's words reaching us to the TwiML with the reply (an AI turn).
    answerMs: integer("answer_ms"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("call_turns_call_id_seq_key").on(t.callId, t.seq),
    check("call_turns_speaker_check", sql`${t.speaker} in (${inList(CALL_SPEAKERS)})`),
  ],
);
