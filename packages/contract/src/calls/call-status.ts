// A call's states, directions, outcomes and speakers, and the rule for moving its status. No zod here:
// the shell's /phones address parsing imports these, and a schema module would load zod with the shell.

/** A call's life, as Twilio's `CallStatus` names it (`in-progress` → `in_progress`). */
export const CALL_STATUSES = [
  "queued",
  "ringing",
  "in_progress",
  "completed",
  "busy",
  "no_answer",
  "failed",
  "canceled",
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export const CALL_STATUS_LABELS: Record<CallStatus, string> = {
  queued: "Queued",
  ringing: "Ringing",
  in_progress: "In progress",
  completed: "Completed",
  busy: "Busy",
  no_answer: "No answer",
  failed: "Failed",
  canceled: "Cancelled",
};

/** The statuses a call ends in: nothing moves it after one of these. */
export const FINAL_CALL_STATUSES: readonly CallStatus[] = ["completed", "busy", "no_answer", "failed", "canceled"];

const STAGE: Record<CallStatus, number> = {
  queued: 0,
  ringing: 1,
  in_progress: 2,
  completed: 3,
  busy: 3,
  no_answer: 3,
  failed: 3,
  canceled: 3,
};

/**
 * The status after a callback says `next`: callbacks repeat and arrive out of order, so a call only
 * moves forward (queued → ringing → in progress → an end), and an ended call stays ended.
 */
export function advanceCallStatus(current: CallStatus, next: CallStatus): CallStatus {
  return STAGE[next] > STAGE[current] ? next : current;
}

/** Twilio's `CallStatus` ("in-progress", "no-answer") as ours; null for a value it never sends. */
export function callStatusFromTwilio(value: string): CallStatus | null {
  const status = value.trim().toLowerCase().replaceAll("-", "_");
  return (CALL_STATUSES as readonly string[]).includes(status) ? (status as CallStatus) : null;
}

export const CALL_DIRECTIONS = ["inbound", "outbound"] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

/** How a call ended for the business. */
export const CALL_OUTCOMES = ["answered", "transferred", "message_taken", "missed"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  answered: "Answered by AI",
  transferred: "Transferred to staff",
  message_taken: "Message taken",
  missed: "Missed",
};

/** Who spoke a turn of the transcript. */
export const CALL_SPEAKERS = ["caller", "ai", "system"] as const;
export type CallSpeaker = (typeof CALL_SPEAKERS)[number];
