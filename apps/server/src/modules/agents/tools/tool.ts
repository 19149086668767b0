import type { AgentToolName, TicketStatus, ToolArguments } from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import type { FollowerMailDeps } from "../../tickets/index.ts";
import type { AgentContext } from "../context.ts";

/** What a run did besides its reply, for the trace, the run's outcome and the events after commit. */
export type RunEffects = {
  waits: { actionItemId: string; actionType: "authorize" | "question"; title: string }[];
  handoff: { to: string; reason: string } | null;
  /** Action items created by this run (announced once the reply commits). */
  createdTaskIds: string[];
  /** Tickets this run opened or changed, with the status each was left in (announced once the reply commits). */
  tickets: Map<string, TicketStatus>;
};

export const noEffects = (): RunEffects => ({ waits: [], handoff: null, createdTaskIds: [], tickets: new Map() });

export type ToolEnv = {
  db: Db;
  context: AgentContext;
  effects: RunEffects;
  /** Mails the followers of a ticket the run changes; tests that run the loop alone leave it out. */
  followerMail?: FollowerMailDeps | undefined;
};

/** A tool's answer to the model: a result, or an error it can read and correct itself from. */
export type ToolOutcome = { ok: true; result: unknown } | { ok: false; error: string };

export type AgentTool<N extends AgentToolName = AgentToolName> = {
  name: N;
  run(args: ToolArguments<N>, env: ToolEnv): Promise<ToolOutcome>;
};

export const ok = (result: unknown): ToolOutcome => ({ ok: true, result });
export const refuse = (error: string): ToolOutcome => ({ ok: false, error });

/** "$1,234.50": prices keep their cents. */
export function formatPrice(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency, maximumFractionDigits: 2 }).format(
      cents / 100,
    );
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** The employee's guardrail: this action always needs a human. */
export function needsHuman(env: ToolEnv, action: string): boolean {
  return (env.context.employee?.actionsRequiringHuman as string[] | undefined)?.includes(action) ?? false;
}
