import { AGENT_TOOL_NAMES, type AgentToolName, TOOL_DESCRIPTIONS, toolArgumentSchemas } from "@foreman/contract";
import { z } from "zod";
import type { ToolCall, ToolDefinition } from "../model-provider.ts";
import { askHuman, requestAuthorization } from "./escalation-tools.ts";
import { findOrders } from "./find-orders.ts";
import { findProducts } from "./find-products.ts";
import { handOff, updateLeadStage } from "./lead-and-handoff-tools.ts";
import { confirmOrder, sendQuote, upsertQuote } from "./quote-tools.ts";
import { createTicket, findTickets, updateTicket } from "./ticket-tools.ts";
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
  create_ticket: createTicket,
  find_tickets: findTickets,
  update_ticket: updateTicket,
};

/** The tools as the model is told about them: names, descriptions and JSON Schemas from the contract. */
const TOOL_DEFINITIONS: ToolDefinition[] = AGENT_TOOL_NAMES.map((name) => {
  const { $schema: _schema, ...parameters } = z.toJSONSchema(toolArgumentSchemas[name], { io: "input" }) as Record<
    string,
    unknown
  >;
  return { name, description: TOOL_DESCRIPTIONS[name], parameters };
});

/** The definitions of the tools an employee's skills grant it: the model is told of no others. */
export function toolDefinitionsFor(granted: readonly AgentToolName[]): ToolDefinition[] {
  return TOOL_DEFINITIONS.filter((definition) => granted.includes(definition.name as AgentToolName));
}

const isToolName = (name: string): name is AgentToolName => (AGENT_TOOL_NAMES as readonly string[]).includes(name);

/**
 * Runs one tool call the model asked for: an unknown tool, one the employee's skills do not grant,
 * unreadable JSON or arguments that break the tool's schema are answered as errors the model can
 * correct; so is a tool's own refusal.
 */
export async function executeToolCall(
  call: ToolCall,
  env: ToolEnv,
  granted: readonly AgentToolName[],
): Promise<ToolOutcome & { arguments: unknown }> {
  let raw: unknown;
  try {
    raw = call.arguments.trim() === "" ? {} : JSON.parse(call.arguments);
  } catch {
    return { ok: false, error: "The arguments are not valid JSON.", arguments: call.arguments };
  }
  if (!isToolName(call.name)) return { ok: false, error: `There is no tool named ${call.name}.`, arguments: raw };
  // The model may name a tool it was not offered (from its training or the history): refuse it here too.
  if (!granted.includes(call.name))
    return {
      ok: false,
      error: `${call.name} is not one of your tools: none of your skills grants it.`,
      arguments: raw,
    };
  const parsed = toolArgumentSchemas[call.name].safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "arguments"}: ${issue.message}`);
    return { ok: false, error: `Invalid arguments: ${problems.join("; ")}`, arguments: raw };
  }
  const tool = TOOLS[call.name] as AgentTool;
  return { ...(await tool.run(parsed.data as never, env)), arguments: parsed.data };
}
