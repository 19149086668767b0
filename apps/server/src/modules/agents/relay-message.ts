import type { TaskDecision } from "@foreman/contract";

// What the built-in runtime's AI employee tells the customer once staff have responded. Notes that
// come with a decision are staff's own (often internal: "they're a repeat customer"), so only the
// decision reaches the customer; a question's answer (or an assist reply) is relayed as written.

export const PENDING_REVIEW_MESSAGE = "I've passed this to the team; it is still pending review.";

export function relayMessage(
  task: { actionType: string; title: string },
  response: {
    answer: string | null;
    decision: TaskDecision | null;
  },
): string {
  if (response.decision === "authorized")
    return `Good news — I can confirm: ${task.title.trim().replace(/[.?!:;]+$/, "")}.`;
  if (response.decision === "left_pending") return PENDING_REVIEW_MESSAGE;
  return response.answer ?? "";
}
