import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { messages, quotes } from "#server/db/schema/index.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { AgentDelivery, AgentRuntime, HumanResponse } from "./agent-runtime.ts";
import { postAiMessage } from "./ai-message.ts";
import { detectLanguage } from "./builtin/intents.ts";
import { resumeMessage } from "./resume-message.ts";
import { applyDiscount } from "./tools/quote-store.ts";
import { formatPrice } from "./tools/tool.ts";

/**
 * The resume path of a run that waited for staff: an action item was resolved, so its request is
 * applied (an authorized discount goes onto the quote, an authorized order is confirmed) and the
 * customer hears the outcome in their language, all in the resolution's transaction. Items the runtime
 * did not raise (no request) relay staff's answer as before.
 */
export class PipelineAgentRuntime implements AgentRuntime {
  constructor(private readonly queue: JobQueue) {}

  async deliverHumanResponse(response: HumanResponse): Promise<AgentDelivery> {
    const { tx, companyId, task, conversation, answer, decision } = response;
    const request = task.request ?? null;
    let facts = { quoteNumber: null as number | null, total: null as string | null, percent: null as number | null };
    if (request && request.kind !== "question") {
      const quote =
        request.kind === "discount" && decision === "authorized"
          ? await applyDiscount(tx, companyId, request.quoteId, request.discountPercent)
          : request.kind === "order_total" && decision === "authorized"
            ? await confirmQuote(tx, companyId, request.quoteId)
            : await findQuote(tx, companyId, request.quoteId);
      facts = {
        quoteNumber: quote?.number ?? null,
        total: quote ? formatPrice(quote.totalCents, quote.currency) : null,
        percent: request.kind === "discount" ? request.discountPercent : null,
      };
    }
    const content = resumeMessage(
      { actionType: task.actionType, title: task.title, request },
      { answer, decision },
      facts,
      detectLanguage(await lastCustomerText(tx, conversation.id)),
    );
    if (content.trim() === "") return { messages: [] };
    const message = await postAiMessage(tx, this.queue, {
      companyId,
      conversationId: conversation.id,
      aiEmployeeId: task.aiEmployeeId ?? conversation.aiEmployeeId,
      content,
      status: "pending",
    });
    return { messages: message ? [message] : [], afterCommit: () => this.queue.wake() };
  }
}

async function findQuote(tx: Executor, companyId: string, quoteId: string) {
  const [row] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.companyId, companyId), eq(quotes.id, quoteId)));
  return row ?? null;
}

async function confirmQuote(tx: Executor, companyId: string, quoteId: string) {
  const [row] = await tx
    .update(quotes)
    .set({ state: "confirmed" })
    .where(and(eq(quotes.companyId, companyId), eq(quotes.id, quoteId)))
    .returning();
  return row ?? null;
}

async function lastCustomerText(tx: Executor, conversationId: string): Promise<string> {
  const [row] = await tx
    .select({ content: messages.content })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderType, "customer")))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return row?.content ?? "";
}
