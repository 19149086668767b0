import type { AgentToolName } from "@foreman/contract";
import { REPLIES } from "./replies.ts";
import type { Decision, Line, SalesInput } from "./sale-types.ts";
import type { SalesCues } from "./sales-cues.ts";
import { productInfo, type QuoteView, SALES_REPLIES } from "./sales-replies.ts";
import type { Step, ToolResult } from "./step.ts";

// A decision carried out: its tool calls one by one (each read back from the tools' answers so far),
// then the reply written from what they answered. A refusal nobody planned for goes to staff.

export /** The decision's next tool call, or the reply once its tools have answered. */
function carryOut(decision: Decision, done: ToolResult[], input: SalesInput, cues: SalesCues): Step {
  const { conversation, hints } = input;
  const say = SALES_REPLIES[conversation.language];
  const replies = REPLIES[conversation.language];
  const hello = cues.greeting && conversation.customer.length === 1 ? say.hello(hints.customerName) : "";
  const call = (name: AgentToolName) => done.find((r) => r.name === name);
  const last = done.at(-1);
  const quoteOf = (r: ToolResult | undefined) => (r?.result.quote ?? r?.result.order) as QuoteView | undefined;
  const latestQuote = () =>
    [...done]
      .reverse()
      .map(quoteOf)
      .find((q) => q !== undefined) ?? null;

  // A refusal because the quote waits on staff: the customer waits too.
  if (last && !last.ok && hints.openQuote?.awaitingApproval)
    return { say: replies.awaitingTeam(hints.openQuote.number) };
  if (last?.name === "ask_human") return { say: replies.checking };
  // A refusal nobody planned for (a tool that needs staff): ask staff once and tell the customer.
  if (last && !last.ok && !["confirm_order", "upsert_quote"].includes(last.name))
    return call("ask_human") ? { say: replies.checking } : { call: "ask_human", args: { question: input.text } };

  switch (decision.kind) {
    case "say":
      return { say: hello + decision.text };
    case "ask_human":
      return { call: "ask_human", args: { question: input.text } };
    case "greet":
      return { say: replies.greeting(hints.employeeName, hints.companyName, hints.customerName) };
    case "find_orders":
      return { call: "find_orders", args: decision.orderNumber ? { order_number: decision.orderNumber } : {} };
    case "authorize_discount": {
      if (!call("request_authorization"))
        return {
          call: "request_authorization",
          args: { reason: `The customer asked for ${decision.percent}% off.`, discount_percent: decision.percent },
        };
      return { say: say.discountAsked(decision.percent, null) };
    }
    case "send": {
      const sent = call("send_quote");
      if (!sent) return { call: "send_quote", args: {} };
      return { say: hello + say.sent(quoteOf(sent)!) };
    }
    case "confirm":
      return confirmSteps(done, input, hello);
    case "quote": {
      const upsert = call("upsert_quote");
      if (!upsert)
        return {
          call: "upsert_quote",
          args: {
            items: decision.items,
            ...(decision.discount !== undefined ? { discount_percent: decision.discount } : {}),
          },
        };
      if (!upsert.ok) return { say: say.whichProduct };
      const quote = quoteOf(upsert)!;
      const more =
        (decision.askCount.length > 0 ? ` ${productInfo(say, decision.askCount, true)}` : "") +
        (decision.missing.length > 0 ? ` ${say.notFound(decision.missing)}` : "");
      if (decision.askDiscount !== null) {
        if (!call("request_authorization"))
          return {
            call: "request_authorization",
            args: {
              reason: `The customer asked for ${decision.askDiscount}% off.`,
              discount_percent: decision.askDiscount,
            },
          };
        return { say: hello + say.discountAsked(decision.askDiscount, quote) };
      }
      if (decision.then === "send") {
        const sent = call("send_quote");
        if (!sent) return { call: "send_quote", args: {} };
        return { say: hello + say.sent(quoteOf(sent)!) + more };
      }
      if (decision.then === "confirm") return confirmSteps(done, input, hello);
      const discountOnly =
        hints.openQuote && decision.discount !== undefined && sameLines(hints.openQuote.items, decision.items);
      if (discountOnly) return { say: hello + say.discountApplied(quote) };
      return { say: hello + (hints.openQuote ? say.updated(quote) : say.draft(quote)) + more };
    }
  }
  return { say: latestQuote() ? say.sent(latestQuote()!) : replies.checking };
}

function confirmSteps(done: ToolResult[], input: SalesInput, hello: string): Step {
  const say = SALES_REPLIES[input.conversation.language];
  const confirm = done.find((r) => r.name === "confirm_order");
  if (!confirm) return { call: "confirm_order", args: {} };
  if (confirm.ok) return { say: hello + say.confirmed(confirm.result.order as QuoteView) };
  const auth = done.find((r) => r.name === "request_authorization");
  if (!auth) return { call: "request_authorization", args: { reason: "The order is above what I may confirm alone." } };
  const quote = [...done]
    .reverse()
    .map((r) => (r.result.quote ?? r.result.order) as QuoteView | undefined)
    .find(Boolean);
  const open = input.hints.openQuote;
  const asked = quote ?? (open ? { number: `Q-${open.number}`, total: open.total } : null);
  return { say: hello + (asked ? say.orderAsked(asked) : REPLIES[input.conversation.language].checking) };
}

const sameLines = (a: Line[], b: Line[]) =>
  a.length === b.length && a.every((line, i) => line.sku === b[i]!.sku && line.quantity === b[i]!.quantity);
