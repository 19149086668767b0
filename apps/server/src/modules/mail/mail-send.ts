import { and, eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Db } from "#server/db/client.ts";
import { type OutboundMailRow, outboundMails } from "#server/db/schema/index.ts";
import type { JobHandler } from "../jobs/index.ts";

/** How long one SMTP conversation may take, connection included. */
export const SMTP_TIMEOUT_MS = 30_000;

export type MailSendDeps = {
  db: Db;
  /** The SMTP server (nodemailer over SMTP_URL), or null when none is configured: mail is kept unsent. */
  transport: Transporter | null;
};

/**
 * The `mail_send` job: hands one outbox row to the SMTP server. A refusal the server calls permanent
 * (5xx) fails the mail with the server's words; anything else (a 4xx, a connection refused or timed
 * out) is retried with the queue's backoff, and the last error stays on the row meanwhile. Without an
 * SMTP server the mail is marked `kept`: it stays in the outbox for owners to read.
 */
export function mailSendHandler({ db, transport }: MailSendDeps): JobHandler {
  return async (job) => {
    const [mail] = await db
      .select()
      .from(outboundMails)
      .where(and(eq(outboundMails.id, job.subjectId), eq(outboundMails.companyId, job.companyId)));
    if (!mail || mail.state === "sent") return { status: "done" };
    if (!transport) {
      await settle(db, mail, { state: "kept", lastError: "No SMTP server is configured (SMTP_URL)" });
      return { status: "done" };
    }
    try {
      const info = await transport.sendMail({
        from: mail.fromAddress,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.text,
        messageId: mail.messageId,
        inReplyTo: mail.headers.inReplyTo,
        references: mail.headers.references,
        replyTo: mail.headers.replyTo,
      });
      await settle(db, mail, { state: "sent", smtpResponse: String(info.response ?? ""), sentAt: new Date() });
      return { status: "done" };
    } catch (error) {
      const reason = smtpErrorText(error);
      if (isPermanent(error)) {
        await settle(db, mail, { state: "failed", lastError: reason });
        return { status: "failed", error: reason };
      }
      await settle(db, mail, { state: "queued", lastError: reason });
      return { status: "retry", error: reason };
    }
  };
}

async function settle(
  db: Db,
  mail: OutboundMailRow,
  changes: Partial<Pick<OutboundMailRow, "state" | "lastError" | "smtpResponse" | "sentAt">>,
) {
  await db
    .update(outboundMails)
    .set({ ...changes, attempts: mail.attempts + 1 })
    .where(and(eq(outboundMails.id, mail.id), eq(outboundMails.companyId, mail.companyId)));
}

type SmtpError = { responseCode?: number; response?: string; code?: string; message?: string };

/** A 5xx reply is the server's final word on this mail; retrying would get the same answer. */
function isPermanent(error: unknown): boolean {
  const code = (error as SmtpError)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** What went wrong, in the server's words when it gave any (never the credentials of SMTP_URL). */
function smtpErrorText(error: unknown): string {
  const e = error as SmtpError;
  const text = e?.response ?? e?.message ?? String(error);
  return `${e?.code ? `${e.code}: ` : ""}${text}`.slice(0, 500);
}
