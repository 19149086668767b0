import { randomUUID } from "node:crypto";
import type { Executor } from "#server/db/client.ts";
import { type OutboundMailHeaders, outboundMails } from "#server/db/schema/index.ts";
import type { JobQueue } from "../jobs/index.ts";

// The one way the product sends mail: a row in the outbox and a `mail_send` job, written in the
// caller's transaction, so a mail is never lost once what it is about is stored (mail-send.ts sends it).

export type NewMail = {
  /** Null for mail to a user about their own account: no company's outbox lists it. */
  companyId: string | null;
  from: string;
  to: string;
  subject: string;
  text: string;
  headers?: OutboundMailHeaders;
  /** The conversation message this mail carries: its delivery status follows the mail's. */
  conversationMessageId?: string | null;
  /** The text carries a single-use link: erased from the outbox once the mail is sent or given up. */
  eraseTextAfterSend?: boolean;
};

/** `<uuid@domain>`: the domain of the sender's address (a Message-ID names where it was made). */
export function newMessageId(from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${randomUUID()}@${domain}>`;
}

/** Puts a mail in the outbox and queues its sending; answers the outbox row's id and its Message-ID. */
export async function queueMail(tx: Executor, queue: JobQueue, mail: NewMail) {
  const messageId = newMessageId(mail.from);
  const [row] = await tx
    .insert(outboundMails)
    .values({
      companyId: mail.companyId,
      fromAddress: mail.from,
      toAddress: mail.to,
      subject: mail.subject,
      text: mail.text,
      messageId,
      headers: mail.headers ?? {},
      conversationMessageId: mail.conversationMessageId ?? null,
      eraseTextAfterSend: mail.eraseTextAfterSend ?? false,
    })
    .returning({ id: outboundMails.id });
  await queue.enqueue(tx, { companyId: mail.companyId, kind: "mail_send", subjectId: row!.id });
  return { id: row!.id, messageId };
}
