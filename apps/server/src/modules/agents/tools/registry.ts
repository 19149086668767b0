import { AGENT_TOOL_NAMES, type AgentToolName, TOOL_DESCRIPTIONS, toolArgumentSchemas } from "@foreman/contract";
import { z } from "zod";
import type { ToolCall, ToolDefinition } from "../model-provider.ts";
import { askHuman, requestAuthorization } from "./escalation-tools.ts";
import { findOrders } from "./find-orders.ts";
import { findProducts } from "./find-products.ts";
import { handOff, updateLeadStage } from "./lead-and-handoff-tools.ts";
import { confirmOrder, sendQuote, upsertQuote } from "./quote-tools.ts";
import type { AgentTool, ToolEnv, ToolOutcome } from "./tool.ts";

const TOOLS: { [N in AgentToolName]: AgentTool<N> } = {
  find_products: findProducts,
  upsert_quote: upsertQuote,
  send_quote: sendQuote,
  confirm_order: confirmOrder,
  find_orders: findOrders,
  update_lead_stage: updateLeadStage,
  ask_human: askHuman,
  request_authorization: requestAuthorization,
  hand_off: handOff,
};

/** The tools as the model is told about them: names, descriptions and JSON Schemas from the contract. */
export const TOOL_DEFINITIONS: ToolDefinition[] = AGENT_TOOL_NAMES.map((name) => {
  const { $schema: _schema, ...parameters } = z.toJSONSchema(toolArgumentSchemas[name], { io: "input" }) as Record<
    string,
    unknown
  >;
  return { name, description: TOOL_DESCRIPTIONS[name], parameters };
});

const isToolName = (name: string): name is AgentToolName => (AGENT_TOOL_NAMES as readonly string[]).includes(name);

/**
 * Runs one tool call the model asked for: an unknown tool, unreadable JSON or arguments that break the
 * tool's schema are answered as errors the model can correct; so is a tool's own refusal.
 */
export async function executeToolCall(call: ToolCall, env: ToolEnv): Promise<ToolOutcome & { arguments: unknown }> {
  let raw: unknown;
  try {
    raw = call.arguments.trim() === "" ? {} : JSON.parse(call.arguments);
  } catch {
    return { ok: false, error: "The arguments are not valid JSON.", arguments: call.arguments };
  }
  if (!isToolName(call.name)) return { ok: false, error: `There is no tool named ${call.name}.`, arguments: raw };
  const parsed = toolArgumentSchemas[call.name].safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "arguments"}: ${issue.message}`);
    return { ok: false, error: `Invalid arguments: ${problems.join("; ")}`, arguments: raw };
  }
  const tool = TOOLS[call.name] as AgentTool;
  return { ...(await tool.run(parsed.data as never, env)), arguments: parsed.data };
}
