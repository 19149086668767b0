import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { conversations, inboundEmails, messages, outboundMails } from "#server/db/schema/index.ts";

// What the retention sweep deletes. The conversations module writes these rows; deleting them for good
// under the company's retention setting is this module's one exception (README: Retention).

/**
 * Up to `limit` of the company's conversations (playground ones too) whose last activity is before
 * `cutoff`: their `last_activity_at` and their newest message both are.
 */
export async function findExpiredConversationIds(
  db: Executor,
  companyId: string,
  cutoff: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.companyId, companyId),
        lt(conversations.lastActivityAt, cutoff),
        sql`not exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.createdAt} >= ${cutoff.toISOString()}::timestamptz)`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Deletes the conversations with everything that is theirs: messages, attachments (the files), the AI's
 * run traces and action items cascade; the originals of inbound mail and the outbox's copies of their
 * messages are deleted here. Leads, orders and tickets that pointed at them stay (their link is set null).
 */
export async function deleteConversations(tx: Executor, companyId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const messageIds = tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), inArray(messages.conversationId, ids)));
  await tx
    .delete(inboundEmails)
    .where(and(eq(inboundEmails.companyId, companyId), inArray(inboundEmails.messageId, messageIds)));
  await tx
    .delete(outboundMails)
    .where(and(eq(outboundMails.companyId, companyId), inArray(outboundMails.conversationMessageId, messageIds)));
  const deleted = await tx
    .delete(conversations)
    .where(and(eq(conversations.companyId, companyId), inArray(conversations.id, ids)))
    .returning({ id: conversations.id });
  return deleted.length;
}

/** The originals of inbound mail older than `cutoff` that never became a message (ignored or unreadable). */
export async function deleteUnthreadedInboundMail(tx: Executor, companyId: string, cutoff: Date): Promise<number> {
  const deleted = await tx
    .delete(inboundEmails)
    .where(
      and(
        eq(inboundEmails.companyId, companyId),
        isNull(inboundEmails.messageId),
        inArray(inboundEmails.state, ["ignored", "failed"]),
        lt(inboundEmails.receivedAt, cutoff),
      ),
    )
    .returning({ id: inboundEmails.id });
  return deleted.length;
}
