import type { AgentToolName } from "@foreman/contract";

// What the built-in engine reads and decides, step by step (providers/builtin-provider.ts).

/** A tool's answer as the engine reads it back from the conversation, with the arguments it was called with. */
export type ToolResult = {
  name: AgentToolName;
  ok: boolean;
  result: Record<string, unknown>;
  args: Record<string, unknown>;
};

export type ToolCallStep = { call: AgentToolName; args: Record<string, unknown> };

/** The engine's next move: a tool call, several at once (look-ups), or the reply. */
export type Step = ToolCallStep | { calls: ToolCallStep[] } | { say: string };
