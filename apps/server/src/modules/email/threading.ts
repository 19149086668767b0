import { recipientAt } from "@foreman/contract";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { conversations, messages } from "#server/db/schema/index.ts";

// Which conversation a mail continues: the one whose reply address it was sent to, else the one holding
// the mail it answers (In-Reply-To, then References from the newest). Only the company's own
// conversations are looked at, and by Message-ID only those of the channel the mail came to.

export type MailThread = { conversationId: string; customerId: string | null };

export type ThreadClues = {
  companyId: string;
  emailChannelId: string;
  inboundDomain: string;
  /** The envelope recipient first, then the mail's To and Cc. */
  recipients: string[];
  inReplyTo: string | null;
  /** Oldest first, as the header has them. */
  references: string[];
};

/** How many Message-IDs a mail may name to find its thread. */
const IDS_LOOKED_AT = 50;

export async function findThread(db: Executor, clues: ThreadClues): Promise<MailThread | null> {
  return (await byReplyAddress(db, clues)) ?? (await byMessageIds(db, clues));
}

async function byReplyAddress(db: Executor, clues: ThreadClues): Promise<MailThread | null> {
  const tokens = new Set<string>();
  for (const recipient of clues.recipients) {
    const at = recipientAt(recipient, clues.inboundDomain);
    if (at?.kind === "reply") tokens.add(at.token);
  }
  for (const token of tokens) {
    const [thread] = await db
      .select({ conversationId: conversations.id, customerId: conversations.customerId })
      .from(conversations)
      .where(
        and(
          eq(conversations.companyId, clues.companyId),
          eq(conversations.emailReplyToken, token),
          isNotNull(conversations.emailChannelId),
        ),
      );
    if (thread) return thread;
  }
  return null;
}

async function byMessageIds(db: Executor, clues: ThreadClues): Promise<MailThread | null> {
  const ids = [...new Set([...(clues.inReplyTo ? [clues.inReplyTo] : []), ...clues.references.toReversed()])].slice(
    0,
    IDS_LOOKED_AT,
  );
  if (ids.length === 0) return null;
  const found = await db
    .select({
      emailMessageId: messages.emailMessageId,
      conversationId: conversations.id,
      customerId: conversations.customerId,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.companyId, clues.companyId),
        inArray(messages.emailMessageId, ids),
        eq(conversations.companyId, clues.companyId),
        eq(conversations.emailChannelId, clues.emailChannelId),
      ),
    );
  // The mail it answers directly wins, then the newest it refers to.
  for (const id of ids) {
    const hit = found.find((row) => row.emailMessageId === id);
    if (hit) return { conversationId: hit.conversationId, customerId: hit.customerId };
  }
  return null;
}
