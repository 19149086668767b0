import type { Message, TaskDecision, TaskOutcome } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import type { TaskRow } from "#server/db/schema/index.ts";

// How staff's response reaches the AI employee. A task is resolved in one transaction that also calls
// the runtime, so whatever the runtime writes commits or rolls back with the resolution.

export type HumanResponse = {
  /** The resolution's transaction: write with it, never with another connection. */
  tx: Executor;
  companyId: string;
  /** The task as the resolution left it (state done, answer, decision, resolver). */
  task: TaskRow;
  conversation: { id: string; aiEmployeeId: string | null; customerName: string | null };
  /** Staff's answer: required for questions, an optional note with a decision. */
  answer: string | null;
  /** Authorize items resolved from the action items; null for questions and assist replies. */
  decision: TaskDecision | null;
  /** The staff member who responded. */
  user: { id: string; name: string };
};

export type AgentDelivery = {
  /** Messages the AI employee posted in the customer conversation; the caller announces them after commit. */
  messages: Message[];
  /** Called by the caller once the resolution committed (starts on jobs the delivery queued). */
  afterCommit?: () => void;
  /**
   * What came of an authorized request: applied, or not because the quote changed since it was raised
   * (with the reason for staff). The caller stores it on the task in the same transaction.
   */
  outcome?: { outcome: TaskOutcome; reason: string | null };
};

export interface AgentRuntime {
  /** Hands staff's response to the AI employee, which acts on it (the built-in one relays it to the customer). */
  deliverHumanResponse(response: HumanResponse): Promise<AgentDelivery>;
}
