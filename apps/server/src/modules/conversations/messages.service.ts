import { randomBytes } from "node:crypto";
import { encodeMessageCursor, type Message, type MessagesPage, parseMessageCursor } from "@foreman/contract";
import type { Db, Executor } from "#server/db/client.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { findStaffName, recordActivity } from "../activities/index.ts";
import type { EventBus } from "../events/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { conversationNotFound } from "./conversations.service.ts";
import type { StaffMessageInput } from "./message-input.ts";
import { findConversationId, listAttachmentsOf, listMessagesBefore, toMessage } from "./messages.repository.ts";
import type { OutboundChannels } from "./outbound-channels.ts";
import { deliverOutgoing } from "./outgoing-messages.ts";
import { insertAttachments, insertStaffMessage, lockConversation, markTakenOver } from "./staff-reply.repository.ts";

/** The conversation's id when it is the company's; a 404 for another company's, an unknown or a malformed id. */
async function requireConversation(db: Executor, companyId: string, id: string): Promise<string> {
  const found = isUuid(id) ? await findConversationId(db, companyId, id) : null;
  if (!found) throw conversationNotFound();
  return found;
}

/**
 * One page of a conversation's messages, oldest → newest. The first page (no `before`) is the newest
 * messages; `nextBefore` asks for the page before it, null once the page reaches the first message.
 */
export async function getMessagesPage(
  db: Executor,
  companyId: string,
  conversationId: string,
  query: { before?: string | undefined; limit: number },
): Promise<MessagesPage> {
  const id = await requireConversation(db, companyId, conversationId);
  // The route's schema has checked the cursor; an absent one is the newest page.
  const before = query.before ? parseMessageCursor(query.before) : null;
  // One more than asked tells whether older messages remain, without a count.
  const rows = await listMessagesBefore(db, id, before, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const files = await listAttachmentsOf(
    db,
    page.map((row) => row.id),
  );
  const oldest = page.at(-1);
  return {
    messages: page.reverse().map((row) => toMessage(row, files.get(row.id))),
    nextBefore: rows.length > query.limit && oldest ? encodeMessageCursor(oldest) : null,
  };
}

/** An attachment's capability: 32 random bytes, base64url (see attachmentUrl). */
export function newAccessKey(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * A staff member's reply, taking the conversation over from the AI employee. The message, its files,
 * its delivery through the conversation's channel (like an AI employee's reply), the conversation's
 * new state and the `conversation.staff_reply` activity are one transaction; the live events go out
 * once it has committed.
 */
export async function sendStaffMessage(
  { db, events, queue, outbound }: { db: Db; events: EventBus; queue: JobQueue; outbound: OutboundChannels },
  values: { companyId: string; conversationId: string; userId: string; input: StaffMessageInput },
): Promise<Message> {
  const { companyId, userId, input } = values;
  if (!isUuid(values.conversationId)) throw conversationNotFound();
  await queue.prepare();
  const message = await db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, companyId, values.conversationId);
    if (!conversation) throw conversationNotFound();
    const route = { apiChannelId: conversation.apiChannelId, whatsappConnectionId: conversation.whatsappConnectionId };
    // Refused with nothing stored, so the reply box keeps the text (e.g. WhatsApp's window closed).
    await outbound.checkStaffReply(tx, { id: conversation.id, route });
    const senderName = (await findStaffName(tx, userId)) ?? "Staff";
    const row = await insertStaffMessage(tx, {
      companyId,
      conversationId: conversation.id,
      userId,
      senderName,
      content: input.content,
    });
    const files = await insertAttachments(
      tx,
      input.files.map((file) => ({
        companyId,
        messageId: row.id,
        fileName: file.fileName,
        contentType: file.contentType,
        accessKey: newAccessKey(),
        data: file.data,
      })),
    );
    const deliveryStatus = await deliverOutgoing(tx, outbound, { ...row, companyId, route });
    await markTakenOver(tx, conversation.id, { userId, at: row.createdAt });
    await recordActivity(tx, {
      companyId,
      kind: "conversation.staff_reply",
      actor: { type: "user", id: userId, name: senderName },
      subject: { type: "conversation", id: conversation.id },
      summary: `Replied in conversation #${conversation.displayId}`,
      details: { messageId: row.id, attachments: files.length },
    });
    return toMessage({ ...row, deliveryStatus }, files);
  });
  queue.wake();
  await events.publish(companyId, { type: "message.created", conversationId: message.conversationId, message });
  await events.publish(companyId, { type: "conversation.updated", conversationId: message.conversationId });
  return message;
}
