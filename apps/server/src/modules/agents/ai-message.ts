import { DEFAULT_SENDER_NAMES, type Message } from "@foreman/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { aiEmployees, apiChannels, conversations, messages } from "#server/db/schema/index.ts";
import { toMessage } from "../conversations/messages.repository.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { queueWhatsappDelivery } from "../whatsapp/outbound.ts";

export type AiMessageInput = {
  companyId: string;
  conversationId: string;
  aiEmployeeId: string | null;
  content: string;
  /** The customer message it answers: a second reply to it cannot be stored (unique index). */
  replyToMessageId?: string;
  agentRunId?: string;
  /** What the conversation waits on afterwards: the customer (pending) or staff (open). */
  status: "pending" | "open";
};

/**
 * Posts an AI employee's message in a customer conversation, in the caller's transaction: the message,
 * the conversation's activity and status (a resolved one stays resolved), and, when the conversation
 * came through a channel with a webhook, the job that posts the message there (or, from WhatsApp, the
 * job that sends it back through WhatsApp). Answers null when the
 * customer message already has its reply.
 */
export async function postAiMessage(tx: Executor, queue: JobQueue, input: AiMessageInput): Promise<Message | null> {
  const [employee] = input.aiEmployeeId
    ? await tx
        .select({ name: aiEmployees.name, avatarUrl: aiEmployees.avatarUrl })
        .from(aiEmployees)
        .where(and(eq(aiEmployees.companyId, input.companyId), eq(aiEmployees.id, input.aiEmployeeId)))
    : [];
  const [row] = await tx
    .insert(messages)
    .values({
      companyId: input.companyId,
      conversationId: input.conversationId,
      senderType: "ai",
      senderName: employee?.name ?? DEFAULT_SENDER_NAMES.ai,
      aiEmployeeId: employee ? input.aiEmployeeId : null,
      content: input.content,
      replyToMessageId: input.replyToMessageId ?? null,
      agentRunId: input.agentRunId ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  const [conversation] = await tx
    .update(conversations)
    .set({
      lastActivityAt: sql`greatest(${conversations.lastActivityAt}, ${row.createdAt.toISOString()}::timestamptz)`,
      status: sql`case when ${conversations.status} = 'resolved' then 'resolved' else ${input.status} end`,
    })
    .where(and(eq(conversations.companyId, input.companyId), eq(conversations.id, input.conversationId)))
    .returning({ apiChannelId: conversations.apiChannelId, whatsappConnectionId: conversations.whatsappConnectionId });
  // A WhatsApp conversation: the reply goes out through the Graph API (modules/whatsapp/outbound.ts).
  const viaWhatsapp = Boolean(conversation?.whatsappConnectionId);
  if (viaWhatsapp) await queueWhatsappDelivery(tx, queue, { companyId: input.companyId, messageId: row.id });
  if (conversation?.apiChannelId) {
    const [channel] = await tx
      .select({ webhookUrl: apiChannels.webhookUrl })
      .from(apiChannels)
      .where(and(eq(apiChannels.id, conversation.apiChannelId), isNull(apiChannels.revokedAt)));
    if (channel?.webhookUrl)
      await queue.enqueue(tx, { companyId: input.companyId, kind: "webhook_delivery", subjectId: row.id });
  }
  return toMessage(
    { ...row, deliveryStatus: viaWhatsapp ? "pending" : row.deliveryStatus, avatarUrl: employee?.avatarUrl ?? null },
    [],
  );
}
