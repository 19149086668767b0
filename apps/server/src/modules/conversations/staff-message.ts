import type { ActivityKind, Message } from "@foreman/contract";
import type { Db, Executor } from "#server/db/client.ts";
import type { WhatsappMessagePart } from "#server/db/schema/index.ts";
import { findStaffName, recordActivity } from "../activities/index.ts";
import type { EventBus } from "../events/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { conversationNotFound } from "./conversations.service.ts";
import { toMessage } from "./messages.repository.ts";
import type { ConversationRoute, OutboundChannels } from "./outbound-channels.ts";
import { deliverOutgoing } from "./outgoing-messages.ts";
import {
  insertAttachments,
  insertStaffMessage,
  lockConversation,
  markTakenOver,
  type NewAttachmentRow,
} from "./staff-reply.repository.ts";

export type StaffMessageDeps = { db: Db; events: EventBus; queue: JobQueue; outbound: OutboundChannels };

/** The conversation a staff message goes into, locked for the transaction. */
export type LockedConversation = { id: string; displayId: number; route: ConversationRoute };

/** What staff send, composed once the conversation is locked (a template fills its variables from it). */
export type StaffMessageDraft = {
  content: string;
  whatsapp?: WhatsappMessagePart | null;
  files?: Omit<NewAttachmentRow, "companyId" | "messageId">[];
  activity: { kind: ActivityKind; summary: string; details: Record<string, unknown> };
};

/**
 * A staff member's message (a reply, a WhatsApp template), taking the conversation over from the AI
 * employee. The message, its files, its delivery through the conversation's channel (like an AI
 * employee's reply), the conversation's new state and the activity are one transaction; the live
 * events go out once it has committed. A message the channel cannot carry now is refused before
 * anything is stored, so the reply box keeps the text. `afterStored` writes what else the message
 * belongs to (a ticket's comment) in the same transaction, so both commit or neither does.
 */
export async function postStaffMessage(
  { db, events, queue, outbound }: StaffMessageDeps,
  scope: { companyId: string; conversationId: string; userId: string },
  compose: (tx: Executor, conversation: LockedConversation) => Promise<StaffMessageDraft>,
  afterStored?: (tx: Executor, message: Message) => Promise<void>,
): Promise<Message> {
  const { companyId, userId } = scope;
  await queue.prepare();
  const message = await db.transaction(async (tx) => {
    const row = await lockConversation(tx, companyId, scope.conversationId);
    if (!row) throw conversationNotFound();
    const conversation = {
      id: row.id,
      displayId: row.displayId,
      route: row.route,
    };
    const draft = await compose(tx, conversation);
    await outbound.checkStaffReply(tx, conversation, { template: Boolean(draft.whatsapp?.template) });
    const senderName = (await findStaffName(tx, userId)) ?? "Staff";
    const stored = await insertStaffMessage(tx, {
      companyId,
      conversationId: conversation.id,
      userId,
      senderName,
      content: draft.content,
      whatsapp: draft.whatsapp ?? null,
    });
    const files = await insertAttachments(
      tx,
      (draft.files ?? []).map((file) => ({ ...file, companyId, messageId: stored.id })),
    );
    const deliveryStatus = await deliverOutgoing(tx, outbound, { ...stored, companyId, route: conversation.route });
    await markTakenOver(tx, conversation.id, { userId, at: stored.createdAt });
    await recordActivity(tx, {
      companyId,
      kind: draft.activity.kind,
      actor: { type: "user", id: userId, name: senderName },
      subject: { type: "conversation", id: conversation.id },
      summary: draft.activity.summary,
      details: { messageId: stored.id, ...draft.activity.details },
    });
    const message = toMessage({ ...stored, deliveryStatus }, files);
    if (afterStored) await afterStored(tx, message);
    return message;
  });
  // Announced before its job may start, so message.created reaches the page before the job's
  // message.updated (the page also copes with the other order: another instance may run the job).
  await events.publish(companyId, { type: "message.created", conversationId: message.conversationId, message });
  await events.publish(companyId, { type: "conversation.updated", conversationId: message.conversationId });
  queue.wake();
  return message;
}
