import { advanceCallStatus, type CallOutcome, type CallStatus, FINAL_CALL_STATUSES } from "@foreman/contract";
import { and, eq, isNull, like } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { calls } from "#server/db/schema/index.ts";
import { aiSpokeOn, type CallRow, lockCall } from "./calls.repository.ts";

// The one place a call's status, times and outcome change. Providers' callbacks repeat and arrive out
// of order, and our own actions (a hang-up, a refused call) race them: every change goes through
// `advanceCall`, which locks the row and moves it forward only (contract advanceCallStatus), so an
// ended call stays ended and a late "ringing" never undoes "in progress".

/** Ends that mean nobody answered: the business missed the call. */
const MISSED: readonly CallStatus[] = ["busy", "no_answer", "failed", "canceled"];

/** The placeholder sid of a call we created before the provider named it (outbound calls). */
export const PENDING_SID_PREFIX = "pending:";

export const isFinal = (status: CallStatus) => FINAL_CALL_STATUSES.includes(status);

/**
 * The call after `next` happened at `at`: answered stamps `answered_at`; an end stamps `ended_at`, the
 * duration (the provider's CallDuration when it gave one, else from the answer) and the outcome (missed
 * for an unanswered end; answered when the AI talked and nothing else was decided). A repeated or
 * older status changes nothing, except a duration the provider reports after we ended the call.
 */
export async function advanceCall(
  tx: Executor,
  callId: string,
  next: CallStatus,
  facts: { at?: Date; durationSeconds?: number | null } = {},
): Promise<CallRow | null> {
  const call = await lockCall(tx, callId);
  if (!call) return null;
  const at = facts.at ?? new Date();
  const status = advanceCallStatus(call.status, next);
  const reported = facts.durationSeconds != null && facts.durationSeconds >= 0 ? facts.durationSeconds : null;
  if (status === call.status) {
    // Our hang-up ended it first; the provider's own figure is the one billed, so it wins.
    if (isFinal(status) && next === status && reported !== null && reported !== call.durationSeconds) {
      const [row] = await tx.update(calls).set({ durationSeconds: reported }).where(eq(calls.id, callId)).returning();
      return row ?? call;
    }
    return call;
  }
  // "completed" before "in-progress" arrived: it was answered its duration ago.
  const answeredAt =
    call.answeredAt ??
    (status === "in_progress" ? at : status === "completed" ? new Date(at.getTime() - (reported ?? 0) * 1000) : null);
  const changes: Partial<CallRow> = { status, answeredAt };
  if (isFinal(status)) {
    changes.endedAt = at;
    changes.durationSeconds =
      reported !== null
        ? reported
        : answeredAt
          ? Math.max(0, Math.round((at.getTime() - answeredAt.getTime()) / 1000))
          : 0;
    changes.outcome = MISSED.includes(status)
      ? (call.outcome ?? "missed")
      : (call.outcome ?? ((await aiSpokeOn(tx, callId)) ? "answered" : null));
  }
  const [row] = await tx.update(calls).set(changes).where(eq(calls.id, callId)).returning();
  return row ?? null;
}

/** What the call came to for the business, once decided (a transfer, a message taken). */
export async function decideOutcome(tx: Executor, callId: string, outcome: CallOutcome): Promise<void> {
  await tx.update(calls).set({ outcome }).where(eq(calls.id, callId));
}

/** The provider's sid for a call we created first: taken once, from the first signed callback naming it. */
export async function adoptProviderSid(tx: Executor, callId: string, sid: string): Promise<CallRow | null> {
  const [row] = await tx
    .update(calls)
    .set({ providerSid: sid })
    .where(and(eq(calls.id, callId), like(calls.providerSid, `${PENDING_SID_PREFIX}%`)))
    .returning();
  return row ?? null;
}

/** The conversation and customer the call's first words found or opened. */
export async function linkConversation(
  tx: Executor,
  callId: string,
  link: { conversationId: string; customerId: string | null },
): Promise<void> {
  await tx
    .update(calls)
    .set({ conversationId: link.conversationId })
    .where(and(eq(calls.id, callId), isNull(calls.conversationId)));
  if (link.customerId)
    await tx
      .update(calls)
      .set({ customerId: link.customerId })
      .where(and(eq(calls.id, callId), isNull(calls.customerId)));
}

/** Where the call's recording is (the provider's URL), and how long it runs. */
export async function recordRecording(
  tx: Executor,
  callId: string,
  recording: { sid: string; url: string; durationSeconds: number | null },
): Promise<void> {
  await tx
    .update(calls)
    .set({
      recordingSid: recording.sid,
      recordingUrl: recording.url,
      recordingDurationSeconds: recording.durationSeconds,
    })
    .where(eq(calls.id, callId));
}
