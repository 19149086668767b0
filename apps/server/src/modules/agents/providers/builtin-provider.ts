import type { AgentToolName } from "@foreman/contract";
import { readConversation } from "../builtin/conversation.ts";
import { type MessageLanguage, type UnderstoodMessage, understandMessage } from "../builtin/intents.ts";
import { type Order, REPLIES } from "../builtin/replies.ts";
import { readSalesCues } from "../builtin/sales-cues.ts";
import { salesStep } from "../builtin/sales-steps.ts";
import type { Step, ToolCallStep, ToolResult } from "../builtin/step.ts";
import { ticketStep } from "../builtin/ticket-steps.ts";
import type { ChatMessage, ModelProvider, ModelRequest, ModelTurn, ToolCall, TurnHints } from "../model-provider.ts";
import type { TeamAnswers } from "../tools/staff-hours.ts";

// The built-in engine: a model that needs no key and no network. It reads the conversation it is given
// (the customer's messages, its last reply, the open quote: builtin/conversation.ts), then plays the
// same game as a real model through the same tools: it asks for tool calls, reads their results and
// writes the reply from them. Each step is decided from the conversation and what the tools have
// answered so far, so the agent loop, the trace and every rule the tools enforce are the same as with
// a real model.

export class BuiltinProvider implements ModelProvider {
  readonly name = "builtin";
  readonly model = "foreman-builtin-1";
  #calls = 0;

  async complete({ messages, hints, tools }: ModelRequest): Promise<ModelTurn> {
    const lastUser = messages.findLastIndex((message) => message.role === "user");
    const text = lastUser >= 0 ? (messages[lastUser] as { content: string }).content : "";
    const results = readResults(messages.slice(lastUser + 1));
    const read = understandMessage(text);
    const fallback: MessageLanguage =
      read.matched.length > 0 ? read.language : hints.languages[0] === "es" ? "es" : "en";
    const conversation = readConversation(messages, fallback);
    const understood: UnderstoodMessage = { ...read, language: conversation.language };
    const offered = new Set(tools.map((tool) => tool.name));
    const planned = nextStep(understood, text, results, hints, conversation);
    const calls = "say" in planned ? [] : "calls" in planned ? planned.calls : [planned];
    const step = calls.some((call) => !offered.has(call.call))
      ? withoutTool(understood, text, hints, offered)
      : planned;
    if ("say" in step) return { content: step.say, toolCalls: [], usage: null };
    const toolCalls: ToolCall[] = ("calls" in step ? step.calls : [step]).map((call: ToolCallStep) => ({
      id: `builtin_${++this.#calls}`,
      name: call.call,
      arguments: JSON.stringify(call.args),
    }));
    return { content: null, toolCalls, usage: null };
  }
}

/**
 * What it does when the step it would take needs a tool its skills do not grant: a question about
 * products is answered from the knowledge base when a passage fits, anything else is asked of staff.
 */
function withoutTool(understood: UnderstoodMessage, text: string, hints: TurnHints, offered: Set<string>): Step {
  const say = REPLIES[understood.language];
  // "It's solved, thanks" needs nothing of staff, ticket tools or not.
  if (understood.intent === "problem_solved") return { say: say.gladSolved };
  const passage = hints.passages[0];
  const aboutProducts = understood.intent === "product_question" || understood.intent === "price_question";
  if (aboutProducts && passage) return { say: say.fromKnowledge(passage.title, passage.text) };
  return offered.has("ask_human") ? { call: "ask_human", args: { question: text } } : { say: say.checking };
}

/** This turn's tool results, each with the arguments it was called with. */
function readResults(after: ChatMessage[]): ToolResult[] {
  const args = new Map<string, Record<string, unknown>>();
  for (const message of after)
    if (message.role === "assistant")
      for (const call of message.toolCalls ?? [])
        args.set(call.id, JSON.parse(call.arguments) as Record<string, unknown>);
  return after.flatMap((message) => {
    if (message.role !== "tool") return [];
    const parsed = JSON.parse(message.content) as { ok: boolean; result?: Record<string, unknown> };
    return [
      {
        name: message.name as AgentToolName,
        ok: parsed.ok,
        result: parsed.result ?? {},
        args: args.get(message.toolCallId) ?? {},
      },
    ];
  });
}

/** The next tool call or the reply, given the conversation and what the tools answered so far. */
export function nextStep(
  understood: UnderstoodMessage,
  text: string,
  results: ToolResult[],
  hints: TurnHints,
  conversation: ReturnType<typeof readConversation>,
): Step {
  // A problem report or "it's solved" is the support desk's: tickets, not quotes or orders.
  if (understood.intent === "problem_report" || understood.intent === "problem_solved")
    return ticketStep(understood, text, results, hints);
  const say = REPLIES[understood.language];
  const last = results.at(-1);
  if (understood.intent === "human_request")
    return last
      ? {
          say: last.result.team_answers
            ? say.handedOffOutOfHours(last.result.team_answers as TeamAnswers)
            : say.handedOff,
        }
      : { call: "hand_off", args: { to: "staff", reason: "The customer asked for a person." } };
  // "Lo mismo que pedí la última vez" names the last order to quote it again, not to track it.
  if (understood.intent === "order_status" && !readSalesCues(text).sameAsLast) {
    if (!last)
      return { call: "find_orders", args: understood.orderNumber ? { order_number: understood.orderNumber } : {} };
    if (!last.ok) return { say: say.checking };
    const orders = (last.result.orders as Order[] | undefined) ?? [];
    return { say: orders.length ? say.orders(orders) : say.noOrder(understood.orderNumber) };
  }
  return salesStep({ text, understood, conversation, hints, results });
}
