import type { ActionType, AgentRequest, QuoteSnapshot } from "@foreman/contract";
import { and, eq } from "drizzle-orm";
import { taskMessages, tasks } from "#server/db/schema/index.ts";
import { notify } from "../../notifications/index.ts";
import type { QuoteSummary } from "../context.ts";
import { frozenQuoteRefusal } from "./quote-tools.ts";
import { type AgentTool, formatPrice, ok, refuse, type ToolEnv } from "./tool.ts";

/** How long staff have to respond to an action item the runtime raises. */
export const ACTION_ITEM_DUE_MS = 24 * 60 * 60 * 1000;

type Escalation = {
  actionType: ActionType;
  title: string;
  question: string;
  request: AgentRequest;
  quoteId: string | null;
  tag: string;
};

/**
 * Raises an action item for staff, once per customer message and action type (a retried run finds the
 * one it raised), with the AI employee's question as the first entry of its thread.
 */
async function raise(env: ToolEnv, escalation: Escalation) {
  const { db, context, effects } = env;
  const sourceMessageId = context.inbound.id;
  const taskId = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tasks)
      .values({
        companyId: context.companyId,
        actionType: escalation.actionType,
        title: escalation.title,
        question: escalation.question,
        dueAt: new Date(Date.now() + ACTION_ITEM_DUE_MS),
        assignableType: escalation.quoteId ? "Quote" : "Conversation",
        assignableId: escalation.quoteId ?? context.conversation.id,
        conversationId: context.conversation.id,
        quoteId: escalation.quoteId,
        aiEmployeeId: context.employee?.id ?? null,
        tags: context.conversation.isTest ? [escalation.tag, "playground"] : [escalation.tag],
        sourceMessageId,
        request: escalation.request,
      })
      .onConflictDoNothing()
      .returning({ id: tasks.id });
    if (created) {
      await tx.insert(taskMessages).values({
        companyId: context.companyId,
        taskId: created.id,
        authorType: "ai",
        content: escalation.question,
      });
      effects.createdTaskIds.push(created.id);
      // Those who may decide hear of it by mail, batched (modules/notifications), with the item; not of
      // staff's own tries in the playground.
      if (env.followerMail && !context.conversation.isTest)
        await notify(tx, env.followerMail, {
          companyId: context.companyId,
          to: "approvers",
          kind: "action_item",
          subjectId: created.id,
          summary: escalation.title,
          link: "/action_items",
        });
      return created.id;
    }
    const [existing] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.sourceMessageId, sourceMessageId), eq(tasks.actionType, escalation.actionType)));
    return existing!.id;
  });
  effects.waits.push({ actionItemId: taskId, actionType: escalation.actionType, title: escalation.title });
  return ok({
    action_item_id: taskId,
    status: "waiting for staff",
    tell_customer: "that you are checking with the team",
  });
}

export const askHuman: AgentTool<"ask_human"> = {
  name: "ask_human",
  run: ({ question }, env) =>
    raise(env, {
      actionType: "question",
      title: question.length > 120 ? `${question.slice(0, 117)}…` : question,
      question,
      request: { kind: "question" },
      quoteId: env.context.openQuote?.id ?? null,
      tag: "question",
    }),
};

/** The quote as staff will see it in the item: what their approval approves, and nothing else. */
const snapshotOf = (quote: QuoteSummary): QuoteSnapshot => ({
  version: quote.version,
  totalCents: quote.totalCents,
  currency: quote.currency,
  discountPercent: quote.discountPercent,
});

export const requestAuthorization: AgentTool<"request_authorization"> = {
  name: "request_authorization",
  async run({ reason, discount_percent }, env) {
    const quote = env.context.openQuote;
    if (!quote) return refuse("There is no open quote to authorize anything on: build one with upsert_quote first.");
    // One request at a time per quote: staff decide on the quote as it is, then the AI may ask again.
    const frozen = await frozenQuoteRefusal(env.db, env, quote);
    if (frozen) return frozen;
    const customer = env.context.customer?.fullName ?? "the customer";
    const snapshot = snapshotOf(quote);
    const raised =
      discount_percent !== undefined && discount_percent > 0
        ? await raise(env, {
            actionType: "authorize",
            title: `${discount_percent}% discount on Q-${quote.number}`,
            question: `${customer} asks for ${discount_percent}% off Q-${quote.number} (${formatPrice(quote.subtotalCents, quote.currency)} before discount); my limit is ${env.context.employee?.maxDiscountPercent ?? 0}%. ${reason}`,
            request: { kind: "discount", quoteId: quote.id, discountPercent: discount_percent, quote: snapshot },
            quoteId: quote.id,
            tag: "discount",
          })
        : await raise(env, {
            actionType: "authorize",
            title: `Confirm order Q-${quote.number} for ${formatPrice(quote.totalCents, quote.currency)}`,
            question: `${customer} wants to go ahead with Q-${quote.number} (${formatPrice(quote.totalCents, quote.currency)}), above what I may confirm alone. ${reason}`,
            request: { kind: "order_total", quoteId: quote.id, totalCents: quote.totalCents, quote: snapshot },
            quoteId: quote.id,
            tag: "order",
          });
    quote.awaitingApproval = env.effects.waits.at(-1)?.title ?? null;
    return raised;
  },
};
