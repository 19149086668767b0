import { and, count, eq, gt, or, sql } from "drizzle-orm";
import type { Db, Executor } from "#server/db/client.ts";
import {
  conversations,
  emailChannels,
  type InboundEmailRow,
  inboundEmails,
  messages,
} from "#server/db/schema/index.ts";

// The queries of the `email_receive` job (receive-mail.ts), each scoped to the job's company.

type InboundEmailState = InboundEmailRow["state"];

/** The stored mail, while it waits to be read (`received`); null once it was, or when it is not the company's. */
export async function findReceivedMail(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select({
      id: inboundEmails.id,
      emailChannelId: inboundEmails.emailChannelId,
      headerMessageId: inboundEmails.headerMessageId,
      envelopeFrom: inboundEmails.envelopeFrom,
      recipient: inboundEmails.recipient,
      raw: inboundEmails.raw,
    })
    .from(inboundEmails)
    .where(and(eq(inboundEmails.companyId, companyId), eq(inboundEmails.id, id), eq(inboundEmails.state, "received")));
  return row ?? null;
}

/** What came of a received mail: stored as a message, ignored or failed (with why). Only once. */
export async function settleInboundEmail(
  db: Executor,
  companyId: string,
  id: string,
  outcome: { state: Exclude<InboundEmailState, "received">; error?: string; messageId?: string },
): Promise<void> {
  await db
    .update(inboundEmails)
    .set({ state: outcome.state, error: outcome.error ?? null, messageId: outcome.messageId ?? null })
    .where(and(eq(inboundEmails.companyId, companyId), eq(inboundEmails.id, id), eq(inboundEmails.state, "received")));
}

/** The company's email channel the mail came to. */
export async function findMailChannel(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select({
      id: emailChannels.id,
      aiEmployeeId: emailChannels.aiEmployeeId,
      departmentId: emailChannels.departmentId,
    })
    .from(emailChannels)
    .where(and(eq(emailChannels.companyId, companyId), eq(emailChannels.id, id)));
  return row ?? null;
}

/** The addresses the company's channels receive at (local parts) and send from. */
export async function companyMailAddresses(db: Executor, companyId: string) {
  return db
    .select({ inboundLocal: emailChannels.inboundLocal, fromAddress: emailChannels.fromAddress })
    .from(emailChannels)
    .where(eq(emailChannels.companyId, companyId));
}

/**
 * How many mails from this address the channel stored in the last minute. A stored mail's `from` is
 * the address, or `"Name" <address>` (namedAddress), so the bare address ends it either way.
 */
export async function countRecentMailsFrom(
  db: Db,
  where: { companyId: string; emailChannelId: string; address: string },
): Promise<number> {
  const from = sql`${messages.email}->>'from'`;
  const bracketed = `<${where.address}>`;
  const [row] = await db
    .select({ total: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.companyId, where.companyId),
        gt(messages.createdAt, sql`now() - interval '1 minute'`),
        eq(messages.senderType, "customer"),
        eq(conversations.companyId, where.companyId),
        eq(conversations.emailChannelId, where.emailChannelId),
        or(sql`${from} = ${where.address}`, sql`right(${from}, ${bracketed.length}::int) = ${bracketed}`),
      ),
    );
  return Number(row?.total ?? 0);
}
