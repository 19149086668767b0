import type { AgentToolName } from "@foreman/contract";
import { type UnderstoodMessage, understandMessage } from "../builtin/intents.ts";
import { type Order, type Product, type Quote, REPLIES, type Replies } from "../builtin/replies.ts";
import type { Step, ToolResult } from "../builtin/step.ts";
import { ticketStep } from "../builtin/ticket-steps.ts";
import type { ChatMessage, ModelProvider, ModelRequest, ModelTurn, ToolCall, TurnHints } from "../model-provider.ts";

// The built-in engine: a model that needs no key and no network. It reads the customer's last message
// (builtin/intents.ts), then plays the same game as a real model through the same tools: it asks for
// tool calls, reads their results and writes the reply from them. Each step is decided from what the
// tools have answered so far, so the agent loop, the trace and every rule the tools enforce are the
// same as with a real model.

export class BuiltinProvider implements ModelProvider {
  readonly name = "builtin";
  readonly model = "foreman-builtin-1";
  #calls = 0;

  async complete({ messages, hints, tools }: ModelRequest): Promise<ModelTurn> {
    const lastUser = messages.findLastIndex((message) => message.role === "user");
    const text = lastUser >= 0 ? (messages[lastUser] as { content: string }).content : "";
    const results = readResults(messages.slice(lastUser + 1));
    const understood = understandMessage(text);
    const offered = new Set(tools.map((tool) => tool.name));
    const planned = nextStep(understood, text, results, hints);
    const step =
      "call" in planned && !offered.has(planned.call) ? withoutTool(understood, text, hints, offered) : planned;
    if ("say" in step) return { content: step.say, toolCalls: [], usage: null };
    const call: ToolCall = { id: `builtin_${++this.#calls}`, name: step.call, arguments: JSON.stringify(step.args) };
    return { content: null, toolCalls: [call], usage: null };
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

function readResults(after: ChatMessage[]): ToolResult[] {
  return after.flatMap((message) => {
    if (message.role !== "tool") return [];
    const parsed = JSON.parse(message.content) as { ok: boolean; result?: Record<string, unknown> };
    return [{ name: message.name as AgentToolName, ok: parsed.ok, result: parsed.result ?? {} }];
  });
}

/** The next tool call or the reply, given what the customer asked and what the tools answered so far. */
export function nextStep(understood: UnderstoodMessage, text: string, results: ToolResult[], hints: TurnHints): Step {
  // A problem report or "it's solved" is the support desk's: tickets, not quotes or orders.
  if (understood.intent === "problem_report" || understood.intent === "problem_solved")
    return ticketStep(understood, text, results, hints);
  const say: Replies = REPLIES[understood.language];
  const last = results.at(-1);
  const called = (name: AgentToolName) => results.find((result) => result.name === name);
  // The quote waits on staff's decision, so the tools refuse to change it: the customer waits too.
  if (last && !last.ok && hints.openQuote?.awaitingApproval) return { say: say.awaitingTeam(hints.openQuote.number) };
  // A refusal nobody planned for: tell the customer we are checking, and ask staff once.
  if (last && !last.ok && !["confirm_order", "upsert_quote"].includes(last.name)) {
    return called("ask_human") ? { say: say.checking } : { call: "ask_human", args: { question: text } };
  }
  if (last?.name === "ask_human") return { say: say.checking };
  if (last?.name === "request_authorization") {
    const percent = (results.find((r) => r.name === "request_authorization") && understood.discountPercent) ?? null;
    return percent ? { say: say.checkingDiscount(percent) } : { say: say.checkingOrder(totalOf(hints, results)) };
  }
  const limit = hints.maxDiscountPercent;

  switch (understood.intent) {
    case "greeting":
      return { say: say.greeting(hints.employeeName, hints.companyName, hints.customerName) };
    case "human_request":
      return last
        ? { say: say.handedOff }
        : { call: "hand_off", args: { to: "staff", reason: "The customer asked for a person." } };
    case "order_status": {
      if (!last)
        return { call: "find_orders", args: understood.orderNumber ? { order_number: understood.orderNumber } : {} };
      const orders = (last.result.orders as Order[] | undefined) ?? [];
      return { say: orders.length ? say.orders(orders) : say.noOrder(understood.orderNumber) };
    }
    case "product_question":
    case "price_question": {
      if (!last) return { call: "find_products", args: { query: text.slice(0, 200) } };
      const products = (last.result.products as Product[] | undefined) ?? [];
      if (products.length) return { say: say.products(products) };
      // Not a product of the catalog ("how much is shipping?"): the knowledge base may know.
      const passage = hints.passages[0];
      if (passage) return { say: say.fromKnowledge(passage.title, passage.text) };
      return { say: say.noProducts((last.result.suggestions as Product[]) ?? []) };
    }
    case "discount_request":
      return discountStep(understood, results, hints, say);
    case "quote_request":
    case "order_request":
      return buyingStep(understood, text, results, hints, say);
    default: {
      const passage = hints.passages[0];
      return { say: passage ? say.fromKnowledge(passage.title, passage.text) : say.outOfScope(hints.companyName) };
    }
  }

  function discountStep(u: UnderstoodMessage, done: ToolResult[], h: TurnHints, s: Replies): Step {
    const quote = h.openQuote;
    // "A quote for 10 pallets with 5% off": build the quote with it (buyingStep applies the limit).
    if (!quote || done.some((r) => r.name === "find_products")) return buyingStep(u, text, done, h, s);
    const percent = u.discountPercent ?? (limit > 0 ? limit : null);
    if (percent === null) return { say: s.whichDiscount };
    const upsert = done.find((r) => r.name === "upsert_quote");
    if (!upsert && percent <= limit)
      return { call: "upsert_quote", args: { items: quote.items, discount_percent: percent } };
    if (upsert?.ok) return { say: s.discountApplied(upsert.result.quote as Quote) };
    return {
      call: "request_authorization",
      args: { reason: `The customer asked for ${percent}% off.`, discount_percent: percent },
    };
  }
}

function buyingStep(u: UnderstoodMessage, text: string, done: ToolResult[], h: TurnHints, s: Replies): Step {
  const last = done.at(-1);
  const limit = h.maxDiscountPercent;
  if (!last) return { call: "find_products", args: { query: text.slice(0, 200) } };
  if (last.name === "find_products") {
    const products = (last.result.products as Product[] | undefined) ?? [];
    const first = products[0];
    if (!first) {
      // "Go ahead" with a quote already open: confirm it rather than look for a product.
      if (h.openQuote && u.intent === "order_request") return { call: "confirm_order", args: {} };
      // A discount asked for with nothing to quote yet.
      if (u.intent === "discount_request") return { say: s.needQuoteFirst(limit) };
      return { say: s.noProducts((last.result.suggestions as Product[]) ?? []) };
    }
    const discount = u.discountPercent !== null && u.discountPercent <= limit ? u.discountPercent : undefined;
    return {
      call: "upsert_quote",
      args: {
        items: [{ sku: first.sku, quantity: u.quantity ?? 1 }],
        ...(discount ? { discount_percent: discount } : {}),
      },
    };
  }
  if (last.name === "upsert_quote") {
    if (!last.ok) return { say: s.whichProduct };
    if (u.discountPercent !== null && u.discountPercent > limit)
      return {
        call: "request_authorization",
        args: { reason: `The customer asked for ${u.discountPercent}% off.`, discount_percent: u.discountPercent },
      };
    return u.intent === "order_request" ? { call: "confirm_order", args: {} } : { call: "send_quote", args: {} };
  }
  if (last.name === "send_quote") return { say: s.quoteSent(last.result.quote as Quote) };
  if (last.name === "confirm_order") {
    if (last.ok) return { say: s.orderConfirmed(last.result.order as Quote) };
    return { call: "request_authorization", args: { reason: "The order is above what I may confirm alone." } };
  }
  return { say: s.checking };
}

function totalOf(hints: TurnHints, results: ToolResult[]): string {
  const quote = [...results].reverse().find((r) => r.name === "upsert_quote" && r.ok)?.result.quote as
    | Quote
    | undefined;
  return quote?.total ?? (hints.openQuote ? `Q-${hints.openQuote.number}` : "");
}
