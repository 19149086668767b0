import { randomBytes } from "node:crypto";
import { encodeMessageCursor, type Message, type MessagesPage, parseMessageCursor } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { conversationNotFound } from "./conversations.service.ts";
import type { StaffMessageInput } from "./message-input.ts";
import { findConversationId, listAttachmentsOf, listMessagesBefore, toMessage } from "./messages.repository.ts";
import { postStaffMessage, type StaffMessageDeps } from "./staff-message.ts";

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

/** A staff member's reply with its files (staff-message.ts: taking over, delivery, activity). */
export function sendStaffMessage(
  deps: StaffMessageDeps,
  values: { companyId: string; conversationId: string; userId: string; input: StaffMessageInput },
): Promise<Message> {
  if (!isUuid(values.conversationId)) throw conversationNotFound();
  const { input } = values;
  return postStaffMessage(deps, values, async (_tx, conversation) => ({
    content: input.content,
    files: input.files.map((file) => ({
      fileName: file.fileName,
      contentType: file.contentType,
      accessKey: newAccessKey(),
      data: file.data,
    })),
    activity: {
      kind: "conversation.staff_reply",
      summary: `Replied in conversation #${conversation.displayId}`,
      details: { attachments: input.files.length },
    },
  }));
}
