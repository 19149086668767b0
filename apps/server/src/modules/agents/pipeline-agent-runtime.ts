import { type AgentRequest, approvalDrift, approvalDriftReason, type TaskDecision } from "@foreman/contract";
import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { messages, type Quote } from "#server/db/schema/index.ts";
import { type OutboundChannels, postAiMessage } from "../conversations/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { confirmOpenQuote, discountOpenQuote, lockQuote } from "../orders/index.ts";
import type { AgentDelivery, AgentRuntime, HumanResponse } from "./agent-runtime.ts";
import { conversationLanguage } from "./builtin/conversation.ts";
import { detectLanguage, type MessageLanguage } from "./builtin/intents.ts";
import { type ResumeFacts, resumeMessage } from "./resume-message.ts";
import { formatPrice } from "./tools/tool.ts";

type QuoteRequest = Extract<AgentRequest, { quoteId: string }>;
type Applied = { quote: Quote | null; outcome: NonNullable<AgentDelivery["outcome"]> | null };

/**
 * The resume path of a run that waited for staff: an action item was resolved, so its request is
 * applied (an authorized discount goes onto the quote, an authorized order is confirmed) and the
 * customer hears the outcome in their language, all in the resolution's transaction. An authorization
 * applies only to the quote it was raised on, unchanged and still open; otherwise nothing is applied,
 * the task says why, and the customer is told the quote changed rather than that it was approved.
 * Items the runtime did not raise (no request) relay staff's answer.
 */
export class PipelineAgentRuntime implements AgentRuntime {
  constructor(
    private readonly queue: JobQueue,
    private readonly outbound: OutboundChannels,
  ) {}

  async deliverHumanResponse(response: HumanResponse): Promise<AgentDelivery> {
    const { tx, companyId, task, conversation, answer, decision } = response;
    const request = task.request ?? null;
    let facts: ResumeFacts = { quoteNumber: null, total: null, percent: null, changed: false };
    let outcome: Applied["outcome"] = null;
    if (request && request.kind !== "question") {
      const applied = await applyRequest(tx, companyId, request, decision);
      outcome = applied.outcome;
      facts = {
        quoteNumber: applied.quote?.number ?? null,
        total: applied.quote ? formatPrice(applied.quote.totalCents, applied.quote.currency) : null,
        percent: request.kind === "discount" ? request.discountPercent : null,
        changed: outcome?.outcome === "changed_since_raised",
      };
    }
    const content = resumeMessage(
      { actionType: task.actionType, title: task.title, request },
      { answer, decision },
      facts,
      await customerLanguage(tx, conversation.id),
    );
    const delivery: AgentDelivery = { messages: [], ...(outcome ? { outcome } : {}) };
    if (content.trim() === "") return delivery;
    const message = await postAiMessage(tx, this.outbound, {
      companyId,
      conversationId: conversation.id,
      aiEmployeeId: task.aiEmployeeId ?? conversation.aiEmployeeId,
      content,
      status: "pending",
    });
    return { ...delivery, messages: message ? [message] : [], afterCommit: () => this.queue.wake() };
  }
}

/**
 * Applies an authorized request to its quote if the quote is still what was approved: locked, compared
 * (contract `approvalDrift`), then changed at that version. Anything else leaves the quote as it is.
 */
async function applyRequest(
  tx: Executor,
  companyId: string,
  request: QuoteRequest,
  decision: TaskDecision | null,
): Promise<Applied> {
  const quote = await lockQuote(tx, companyId, request.quoteId);
  if (decision !== "authorized") return { quote, outcome: null };
  const action = request.kind === "discount" ? "discounted" : "confirmed";
  const approved = request.quote;
  // Raised before approvals recorded their quote: there is nothing to hold the quote to, so nothing is applied.
  if (!approved)
    return {
      quote,
      outcome: {
        outcome: "changed_since_raised",
        reason: `This was raised before approvals recorded the quote they approve; nothing was ${action}. Ask the AI employee to raise it again.`,
      },
    };
  const drift = approvalDrift(approved, quote);
  if (drift || !quote) {
    const reason = approvalDriftReason(quote?.number ?? null, drift ?? { kind: "gone" }, action, formatPrice);
    return { quote, outcome: { outcome: "changed_since_raised", reason } };
  }
  const changed =
    request.kind === "discount"
      ? await discountOpenQuote(tx, companyId, quote.id, request.discountPercent, approved.version)
      : await confirmOpenQuote(tx, companyId, quote.id, approved.version);
  // The row is locked, so the conditional write matches; if it ever does not, nothing was applied.
  if (!changed)
    return {
      quote,
      outcome: {
        outcome: "changed_since_raised",
        reason: approvalDriftReason(quote.number, { kind: "version" }, action, formatPrice),
      },
    };
  return { quote: changed, outcome: { outcome: "applied", reason: null } };
}

/** The language the customer writes in: their latest message with clear signs ("dale" alone has none). */
async function customerLanguage(tx: Executor, conversationId: string): Promise<MessageLanguage> {
  const rows = await tx
    .select({ content: messages.content })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderType, "customer")))
    .orderBy(desc(messages.createdAt))
    .limit(5);
  const texts = rows.map((row) => row.content).reverse();
  return conversationLanguage(texts, detectLanguage(texts.at(-1) ?? ""));
}
