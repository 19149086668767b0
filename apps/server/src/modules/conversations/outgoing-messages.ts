import { advanceDeliveryStatus, DEFAULT_SENDER_NAMES, type DeliveryStatus, type Message } from "@foreman/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Executor } from "#server/db/client.ts";
import { aiEmployees, conversations, messages } from "#server/db/schema/index.ts";
import { routeColumns } from "./conversation-route.ts";
import { toMessage } from "./messages.repository.ts";
import type { ConversationRoute, OutboundChannels } from "./outbound-channels.ts";

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
 * the conversation's activity and status (a resolved one stays resolved), and its delivery through the
 * conversation's channel. Answers null when the customer message already has its reply.
 */
export async function postAiMessage(
  tx: Executor,
  outbound: OutboundChannels,
  input: AiMessageInput,
): Promise<Message | null> {
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
    .returning(routeColumns);
  const deliveryStatus = conversation
    ? await deliverOutgoing(tx, outbound, { ...row, route: conversation })
    : row.deliveryStatus;
  return toMessage({ ...row, deliveryStatus, avatarUrl: employee?.avatarUrl ?? null }, []);
}

/**
 * Hands a stored outgoing message to its conversation's channel and records the delivery status the
 * channel answers ("pending" while it sends). Answers the message's status afterwards.
 */
export async function deliverOutgoing(
  tx: Executor,
  outbound: OutboundChannels,
  message: {
    id: string;
    companyId: string;
    conversationId: string;
    deliveryStatus?: DeliveryStatus | null;
    route: ConversationRoute;
  },
): Promise<DeliveryStatus | null> {
  const status = await outbound.deliver(tx, {
    companyId: message.companyId,
    messageId: message.id,
    conversationId: message.conversationId,
    route: message.route,
  });
  if (!status) return message.deliveryStatus ?? null;
  await tx.update(messages).set({ deliveryStatus: status }).where(eq(messages.id, message.id));
  return status;
}

/** Writes what a channel reported of a sent message (its id there, its delivery status, why it failed). */
export async function recordDelivery(
  db: Executor,
  companyId: string,
  messageId: string,
  patch: Pick<
    Partial<typeof messages.$inferInsert>,
    "deliveryStatus" | "deliveryError" | "deliveryErrorCode" | "whatsappMessageId" | "whatsapp"
  >,
): Promise<void> {
  await db
    .update(messages)
    .set(patch)
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)));
}

/**
 * Moves a sent message's delivery status forward as its WhatsApp status arrives (sent → delivered →
 * read; failed is final); a status that arrives late changes nothing. Answers the message's id when it
 * changed, null otherwise. Only the company's messages are looked at.
 */
export async function advanceWhatsappDelivery(
  db: Db,
  companyId: string,
  report: { wamid: string; status: DeliveryStatus; errorCode: number | null; error: string | null },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: messages.id, deliveryStatus: messages.deliveryStatus })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.whatsappMessageId, report.wamid)))
      .for("update");
    if (!row) return null;
    const next = advanceDeliveryStatus(row.deliveryStatus, report.status);
    if (next === row.deliveryStatus) return null;
    await tx
      .update(messages)
      .set({
        deliveryStatus: next,
        ...(next === "failed" ? { deliveryErrorCode: report.errorCode, deliveryError: report.error } : {}),
      })
      .where(eq(messages.id, row.id));
    return row.id;
  });
}
