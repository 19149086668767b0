// What staff see of an AI reply: how the runtime got there. One trace per run.
import { z } from "zod";
import { messageSchema } from "../conversations/schemas.ts";
import { AGENT_RUN_OUTCOMES, type AgentRunOutcome } from "./run-outcome.ts";
import type { AgentToolName } from "./tools.ts";

export type TracePassage = { entryId: string; title: string; text: string };

export type TraceStep =
  /** What the employee could use in this run: its skills and the tools they grant. */
  | { kind: "tools"; skills: string[]; tools: AgentToolName[] }
  | { kind: "passages"; passages: TracePassage[] }
  | {
      kind: "tool_call";
      tool: AgentToolName | string;
      arguments: unknown;
      /** What the tool answered the model (an error is an answer too: the model may correct itself). */
      result: unknown;
      ok: boolean;
      durationMs: number;
    }
  | { kind: "wait"; actionItemId: string; actionType: "authorize" | "question"; title: string }
  | { kind: "handoff"; to: string; reason: string }
  | { kind: "error"; message: string };

export type AgentRunTrace = {
  id: string;
  conversationId: string;
  aiEmployeeId: string | null;
  provider: string;
  model: string;
  outcome: AgentRunOutcome;
  steps: TraceStep[];
  /** Model calls made (the built-in engine counts its own). */
  modelCalls: number;
  promptTokens: number;
  completionTokens: number;
  error: string | null;
  startedAt: string;
  finishedAt: string;
};

// The API's shapes (responses are not validated at run time; these describe them in the OpenAPI document).

export const traceStepSchema = z
  .object({ kind: z.enum(["tools", "passages", "tool_call", "wait", "handoff", "error"]) })
  .catchall(z.unknown())
  .describe(
    "tools (skills[], tools[]: what the run could use), passages (passages[]), tool_call (tool, arguments, result, ok, duration_ms), wait (action_item_id, action_type, title), handoff (to, reason), error (message)",
  );

export const agentRunTraceSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  aiEmployeeId: z.uuid().nullable(),
  provider: z.string(),
  model: z.string(),
  outcome: z.enum(AGENT_RUN_OUTCOMES),
  steps: z.array(traceStepSchema),
  modelCalls: z.number().int(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
});

/** A customer message still waiting for its reply: queued (maybe after a failed attempt), running or failed. */
export const pendingReplySchema = z.object({
  messageId: z.uuid(),
  state: z.enum(["queued", "running", "failed"]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type PendingReply = z.infer<typeof pendingReplySchema>;

export const conversationAgentRunsSchema = z.object({
  runs: z.array(agentRunTraceSchema),
  pending: z.array(pendingReplySchema),
});
export type ConversationAgentRuns = z.infer<typeof conversationAgentRunsSchema>;

export const playgroundReplySchema = z.object({
  sessionId: z.uuid(),
  message: messageSchema,
  reply: messageSchema.nullable(),
  run: agentRunTraceSchema.nullable(),
  pending: pendingReplySchema.nullable(),
});
export type PlaygroundReply = z.infer<typeof playgroundReplySchema>;
