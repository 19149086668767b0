import type { MessageAttachment } from "@foreman/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { attachments, conversations, messages, type WhatsappMessagePart } from "#server/db/schema/index.ts";
import { routeColumns } from "./conversation-route.ts";
import { type MessageRow, messageColumns, toAttachment } from "./messages.repository.ts";

// The writes of a staff reply, run in one transaction (messages.service.ts, whatsapp's templates): lock the conversation,
// insert the message and its files, and mark the takeover.

/** Locks the company's conversation for a write (so replies and takeovers apply one at a time); null if not the company's. */
export async function lockConversation(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select({
      id: conversations.id,
      displayId: conversations.displayId,
      route: routeColumns,
    })
    .from(conversations)
    .where(and(eq(conversations.companyId, companyId), eq(conversations.id, id)))
    .for("update");
  return row ?? null;
}

export type NewStaffMessage = {
  companyId: string;
  conversationId: string;
  userId: string;
  senderName: string;
  content: string;
  /** A WhatsApp template the message is sent as (modules/whatsapp). */
  whatsapp?: WhatsappMessagePart | null;
};

export async function insertStaffMessage(db: Executor, values: NewStaffMessage): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({ ...values, senderType: "staff" })
    .returning(messageColumns);
  return { ...row!, avatarUrl: null };
}

export type NewAttachmentRow = {
  companyId: string;
  messageId: string;
  fileName: string;
  contentType: string;
  accessKey: string;
  data: Uint8Array;
};

/**
 * Answers the rows as the API shows them, in the order listAttachmentsOf reads them back: one insert
 * shares one created_at, so by id (uuids compare as their lower-case hex text does).
 */
export async function insertAttachments(db: Executor, rows: NewAttachmentRow[]): Promise<MessageAttachment[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(attachments)
    .values(
      rows.map(({ data, ...row }) => ({
        ...row,
        byteSize: data.byteLength,
        // As base64 text: PGlite's own bytea parameter encoding takes ~13 s for 10 MB, this ~0.4 s.
        data: sql`decode(${Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("base64")}, 'base64')`,
      })),
    )
    .returning({
      id: attachments.id,
      fileName: attachments.fileName,
      contentType: attachments.contentType,
      byteSize: attachments.byteSize,
      accessKey: attachments.accessKey,
    });
  return inserted.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map(toAttachment);
}

/**
 * A staff message takes the conversation over from the AI employee: handled by staff, taken over by
 * the first staff member to write (kept afterwards), open again, and active as of the message.
 */
export async function markTakenOver(
  db: Executor,
  conversationId: string,
  values: { userId: string; at: Date },
): Promise<void> {
  const at = values.at.toISOString();
  await db
    .update(conversations)
    .set({
      handledBy: "staff",
      status: "open",
      takenOverByUserId: sql`coalesce(${conversations.takenOverByUserId}, ${values.userId}::uuid)`,
      takenOverAt: sql`coalesce(${conversations.takenOverAt}, ${at}::timestamptz)`,
      lastActivityAt: sql`greatest(${conversations.lastActivityAt}, ${at}::timestamptz)`,
    })
    .where(eq(conversations.id, conversationId));
}
