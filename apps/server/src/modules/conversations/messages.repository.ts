import {
  attachmentUrl,
  type DeliveryStatus,
  type Message,
  type MessageAttachment,
  type MessageCursor,
  type MessageEmail,
} from "@foreman/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  aiEmployees,
  attachments,
  conversations,
  type EmailMessagePart,
  messages,
  type WhatsappMessagePart,
} from "#server/db/schema/index.ts";
import { descIndexed } from "#server/lib/index-order.ts";

// A conversation's messages: keyset pages on (created_at, id), newest first, served by the
// (conversation_id, created_at desc, id desc) index; the reads other modules show messages with (the
// tasks list, the live events); and the staff reply's writes.

/** A message as the lists show it (the tasks list too): what `recentMessageFields` selects. */
export type RecentMessageRow = {
  id: string;
  conversationId: string;
  senderType: Message["senderType"];
  senderName: string;
  content: string;
  createdAt: Date;
  avatarUrl: string | null;
};

export type MessageRow = RecentMessageRow & {
  agentRunId?: string | null;
  deliveryStatus?: DeliveryStatus | null;
  deliveryErrorCode?: number | null;
  deliveryError?: string | null;
  whatsapp?: WhatsappMessagePart | null;
  email?: EmailMessagePart | null;
};

/** The columns of a `RecentMessageRow` but its avatar (each read finds the picture its own way). */
export const recentMessageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderType: messages.senderType,
  senderName: messages.senderName,
  content: messages.content,
  createdAt: messages.createdAt,
};

export const messageColumns = {
  ...recentMessageColumns,
  agentRunId: messages.agentRunId,
  deliveryStatus: messages.deliveryStatus,
  deliveryErrorCode: messages.deliveryErrorCode,
  deliveryError: messages.deliveryError,
  whatsapp: messages.whatsapp,
  email: messages.email,
};

/** Messages as `MessageRow`s: with their AI employee's picture. */
function selectMessageRows(db: Executor) {
  return db
    .select({ ...messageColumns, avatarUrl: aiEmployees.avatarUrl })
    .from(messages)
    .leftJoin(aiEmployees, eq(aiEmployees.id, messages.aiEmployeeId));
}

/**
 * Up to `limit` messages of the conversation before the cursor (all when none), newest first. The row
 * comparison `(created_at, id) < (…)` is an index condition, so an old page costs what the first does.
 */
export async function listMessagesBefore(
  db: Executor,
  conversationId: string,
  before: MessageCursor | null,
  limit: number,
): Promise<MessageRow[]> {
  return selectMessageRows(db)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        before
          ? sql`(${messages.createdAt}, ${messages.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(descIndexed(messages.createdAt), descIndexed(messages.id))
    .limit(limit);
}

/** The newest message of a conversation, as the list rows show it; null for a conversation without any. */
export async function findLastMessage(db: Executor, conversationId: string) {
  const [row] = await db
    .select({ content: messages.content, senderType: messages.senderType, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(descIndexed(messages.createdAt), descIndexed(messages.id))
    .limit(1);
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

const RECENT_MESSAGE_FIELDS = [
  "id",
  "conversationId",
  "senderType",
  "senderName",
  "content",
  "createdAt",
  "avatarUrl",
] as const;

/**
 * What the newest-messages reads (this module's and the tasks list's) select of their lateral subquery
 * of each conversation's newest messages: a message as the lists show it, whatever else it took.
 */
export function recentMessageFields<R extends Record<(typeof RECENT_MESSAGE_FIELDS)[number], unknown>>(
  recent: R,
): Pick<R, (typeof RECENT_MESSAGE_FIELDS)[number]> {
  return Object.fromEntries(RECENT_MESSAGE_FIELDS.map((key) => [key, recent[key]])) as Pick<
    R,
    (typeof RECENT_MESSAGE_FIELDS)[number]
  >;
}

/**
 * The newest `limit` messages of each conversation, oldest → newest, in two queries whatever the
 * number of conversations: a lateral join takes each conversation's newest rows from the
 * (conversation_id, created_at desc, id desc) index, then one query reads their attachments.
 */
export async function recentMessagesOf(
  db: Executor,
  companyId: string,
  conversationIds: string[],
  limit: number,
): Promise<Map<string, Message[]>> {
  const result = new Map<string, Message[]>();
  if (conversationIds.length === 0) return result;
  const recent = selectMessageRows(db)
    .where(and(eq(messages.conversationId, conversations.id), eq(messages.companyId, companyId)))
    .orderBy(descIndexed(messages.createdAt), descIndexed(messages.id))
    .limit(limit)
    .as("recent");
  const rows = await db
    .select(recentMessageFields(recent))
    .from(conversations)
    .innerJoinLateral(recent, sql`true`)
    .where(and(eq(conversations.companyId, companyId), inArray(conversations.id, conversationIds)))
    .orderBy(asc(recent.conversationId), asc(recent.createdAt), asc(recent.id));
  const files = await listAttachmentsOf(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    const list = result.get(row.conversationId) ?? [];
    list.push(toMessage(row, files.get(row.id)));
    result.set(row.conversationId, list);
  }
  return result;
}

/** One message of the company's, as the API shows it; null when there is none. */
export async function findMessage(db: Executor, companyId: string, messageId: string): Promise<Message | null> {
  const [row] = await selectMessageRows(db)
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)))
    .limit(1);
  if (!row) return null;
  const files = await listAttachmentsOf(db, [row.id]);
  return toMessage(row, files.get(row.id));
}

/** The attachments of some messages (without their bytes), oldest first, with their public URLs. */
export async function listAttachmentsOf(db: Executor, messageIds: string[]) {
  const byMessage = new Map<string, Message["attachments"]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({
      id: attachments.id,
      messageId: attachments.messageId,
      fileName: attachments.fileName,
      contentType: attachments.contentType,
      byteSize: attachments.byteSize,
      accessKey: attachments.accessKey,
    })
    .from(attachments)
    .where(inArray(attachments.messageId, messageIds))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push(toAttachment(row));
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

/** An attachment row as the API shows it, with its public URL. */
export function toAttachment(row: {
  id: string;
  fileName: string;
  contentType: string;
  byteSize: number;
  accessKey: string;
}): MessageAttachment {
  return {
    id: row.id,
    url: attachmentUrl(row),
    fileName: row.fileName,
    contentType: row.contentType,
    byteSize: row.byteSize,
  };
}

/** A message row as the API shows it. Only AI employees have pictures; customers and staff show initials. */
export function toMessage(row: MessageRow, files: Message["attachments"] | undefined): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderType: row.senderType,
    senderName: row.senderName,
    avatarUrl: row.senderType === "ai" ? row.avatarUrl : null,
    content: row.content,
    attachments: files ?? [],
    createdAt: row.createdAt.toISOString(),
    agentRunId: row.agentRunId ?? null,
    delivery: row.deliveryStatus
      ? { status: row.deliveryStatus, errorCode: row.deliveryErrorCode ?? null, error: row.deliveryError ?? null }
      : null,
    templateName: row.whatsapp?.template?.name ?? null,
    email: row.email ? toMessageEmail(row.id, row.senderType, row.email) : null,
  };
}

/** A mail's part as the wire shows it: a customer's mail links to its original (.eml) for staff. */
function toMessageEmail(id: string, senderType: Message["senderType"], part: EmailMessagePart): MessageEmail {
  const { inReplyTo: _inReplyTo, references: _references, ...shown } = part;
  return { ...shown, originalUrl: senderType === "customer" ? `/app/email_messages/${id}/original.eml` : null };
}

/** The conversation's id when it is the company's, else null. */
export async function findConversationId(db: Executor, companyId: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.companyId, companyId), eq(conversations.id, id)));
  return row?.id ?? null;
}
