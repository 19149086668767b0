import type { AgentToolName } from "@foreman/contract";

// What the built-in engine reads and decides, step by step (providers/builtin-provider.ts).

/** A tool's answer as the engine reads it back from the conversation. */
export type ToolResult = { name: AgentToolName; ok: boolean; result: Record<string, unknown> };

/** The engine's next move: a tool call, or the reply. */
export type Step = { call: AgentToolName; args: Record<string, unknown> } | { say: string };
