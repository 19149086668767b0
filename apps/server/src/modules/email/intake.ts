import { recipientAt } from "@foreman/contract";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db, Executor } from "#server/db/client.ts";
import { conversations, emailChannels, inboundEmails } from "#server/db/schema/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { messageIdOf } from "./raw-headers.ts";

// The one way a mail comes in, whichever road brought it (the SMTP listener, POST /webhooks/email):
// its bytes are stored as they are, with the channel its address names, and an `email_receive` job
// parses it later (receive-mail.ts), so nothing a sender wrote is parsed on the request path and a crash
// loses nothing that was accepted.

export type IntakeDeps = { db: Db; queue: JobQueue; inboundDomain: string };

export type InboundMail = {
  raw: Uint8Array;
  /** The envelope's recipients (RCPT TO), or the addresses the webhook named. */
  recipients: string[];
  envelopeFrom: string | null;
  transport: "smtp" | "webhook";
};

/** A recipient this server takes mail for: an enabled channel's inbound address, or a conversation's reply address. */
export type MailTarget = { companyId: string; emailChannelId: string; recipient: string };

export type IntakeResult = {
  /** Newly stored, one per company. */
  accepted: number;
  /** The company already had this Message-ID: not stored again. */
  duplicates: number;
  /** Recipients that are no address of ours. */
  unknown: string[];
};

/** The channel an address reaches, or null when it is not one of ours (or its channel is switched off). */
export async function findMailTarget(db: Executor, inboundDomain: string, address: string): Promise<MailTarget | null> {
  const at = recipientAt(address, inboundDomain);
  if (!at) return null;
  if (at.kind === "inbound") {
    const [channel] = await db
      .select({ id: emailChannels.id, companyId: emailChannels.companyId })
      .from(emailChannels)
      .where(and(eq(emailChannels.inboundLocal, at.local), eq(emailChannels.enabled, true)));
    return channel ? { companyId: channel.companyId, emailChannelId: channel.id, recipient: address } : null;
  }
  const [thread] = await db
    .select({ companyId: conversations.companyId, emailChannelId: conversations.emailChannelId })
    .from(conversations)
    .innerJoin(emailChannels, eq(emailChannels.id, conversations.emailChannelId))
    .where(
      and(
        eq(conversations.emailReplyToken, at.token),
        isNotNull(conversations.emailChannelId),
        eq(emailChannels.enabled, true),
      ),
    );
  return thread?.emailChannelId
    ? { companyId: thread.companyId, emailChannelId: thread.emailChannelId, recipient: address }
    : null;
}

/**
 * Stores a mail once per company it reaches (a company that has its Message-ID already takes it once)
 * and queues its parsing. A mail to two addresses of one company is one mail there.
 */
export async function takeInboundMail(deps: IntakeDeps, mail: InboundMail): Promise<IntakeResult> {
  const headerMessageId = messageIdOf(mail.raw);
  const result: IntakeResult = { accepted: 0, duplicates: 0, unknown: [] };
  const targets = new Map<string, MailTarget>();
  for (const recipient of new Set(mail.recipients.map((address) => address.trim()).filter(Boolean))) {
    const target = await findMailTarget(deps.db, deps.inboundDomain, recipient);
    if (!target) result.unknown.push(recipient);
    else if (!targets.has(target.companyId)) targets.set(target.companyId, target);
  }
  if (targets.size === 0) return result;
  await deps.queue.prepare();
  const raw = Buffer.from(mail.raw.buffer, mail.raw.byteOffset, mail.raw.byteLength);
  for (const target of targets.values()) {
    const stored = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(inboundEmails)
        .values({
          companyId: target.companyId,
          emailChannelId: target.emailChannelId,
          headerMessageId,
          transport: mail.transport,
          envelopeFrom: mail.envelopeFrom?.slice(0, 320) ?? null,
          recipient: target.recipient.slice(0, 320),
          // As base64 text: PGlite's own bytea parameter encoding is slow for large values.
          raw: sql`decode(${raw.toString("base64")}, 'base64')`,
          byteSize: raw.byteLength,
        })
        .onConflictDoNothing()
        .returning({ id: inboundEmails.id });
      if (!row) return false;
      await deps.queue.enqueue(tx, { companyId: target.companyId, kind: "email_receive", subjectId: row.id });
      return true;
    });
    if (stored) result.accepted += 1;
    else result.duplicates += 1;
  }
  if (result.accepted > 0) deps.queue.wake();
  return result;
}
