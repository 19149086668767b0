// How an agent run ended, with the words staff read. No zod here: the web's trace view imports these,
// and a module with schemas at its top level would bring zod into that chunk.

export const AGENT_RUN_OUTCOMES = ["replied", "waiting", "handed_off", "failed", "skipped"] as const;
/** replied: answered; waiting: asked staff (an action item) and told the customer; handed_off: passed on; failed: no reply after every retry; skipped: nobody to answer (employee inactive, staff took over). */
export type AgentRunOutcome = (typeof AGENT_RUN_OUTCOMES)[number];

export const AGENT_RUN_OUTCOME_LABELS: Record<AgentRunOutcome, string> = {
  replied: "Replied",
  waiting: "Waiting for staff",
  handed_off: "Handed off",
  failed: "Failed",
  skipped: "Skipped",
};
