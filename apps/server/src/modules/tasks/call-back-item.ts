import { and, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { taskMessages, tasks } from "#server/db/schema/index.ts";
import { type NotifyDeps, notify } from "../notifications/index.ts";

/** How long staff have to call back a caller who left a message (an action item's usual day). */
export const CALL_BACK_DUE_MS = 24 * 60 * 60 * 1000;

export type CallBackItem = {
  companyId: string;
  conversationId: string;
  aiEmployeeId: string | null;
  /** The caller's message as stored in the conversation: one item per message, however often it is delivered. */
  sourceMessageId: string;
  title: string;
  /** What staff read first: who called, from where, and what they said. */
  question: string;
  /** A test call's item says so, like the playground's. */
  isTest: boolean;
};

/**
 * An action item asking staff to call a caller back (modules/calls: a hand-off nobody took), raised in
 * the caller's transaction like the AI employees' own questions: a `question` about the conversation,
 * once per message, with the message as its thread's first entry, and the approvers told by mail.
 * Answers its id and whether this call raised it.
 */
export async function raiseCallBackItem(
  tx: Executor,
  deps: NotifyDeps,
  item: CallBackItem,
): Promise<{ taskId: string; raised: boolean }> {
  const [created] = await tx
    .insert(tasks)
    .values({
      companyId: item.companyId,
      actionType: "question",
      title: item.title,
      question: item.question,
      dueAt: new Date(Date.now() + CALL_BACK_DUE_MS),
      assignableType: "Conversation",
      assignableId: item.conversationId,
      conversationId: item.conversationId,
      aiEmployeeId: item.aiEmployeeId,
      tags: item.isTest ? ["call_back", "playground"] : ["call_back"],
      sourceMessageId: item.sourceMessageId,
      request: { kind: "question" },
    })
    .onConflictDoNothing()
    .returning({ id: tasks.id });
  if (!created) {
    const [existing] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.sourceMessageId, item.sourceMessageId), eq(tasks.actionType, "question")));
    return { taskId: existing!.id, raised: false };
  }
  await tx.insert(taskMessages).values({
    companyId: item.companyId,
    taskId: created.id,
    authorType: "ai",
    content: item.question,
  });
  if (!item.isTest)
    await notify(tx, deps, {
      companyId: item.companyId,
      to: "approvers",
      kind: "action_item",
      subjectId: created.id,
      summary: item.title,
      link: "/action_items",
    });
  return { taskId: created.id, raised: true };
}
