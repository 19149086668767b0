import { and, eq, isNull } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Db } from "#server/db/client.ts";
import { type OutboundMailRow, outboundMails } from "#server/db/schema/index.ts";
import { findMessage, recordDelivery } from "../conversations/index.ts";
import type { EventBus } from "../events/index.ts";
import type { JobHandler } from "../jobs/index.ts";

/** How long one SMTP conversation may take, connection included. */
export const SMTP_TIMEOUT_MS = 30_000;

export type MailSendDeps = {
  db: Db;
  events: EventBus;
  /** The SMTP server (nodemailer over SMTP_URL), or null when none is configured: mail is kept unsent. */
  transport: Transporter | null;
};

/**
 * The `mail_send` job: hands one outbox row to the SMTP server. A refusal the server calls permanent
 * (5xx) fails the mail with the server's words; anything else (a 4xx, a connection refused or timed
 * out) is retried with the queue's backoff, and the last error stays on the row meanwhile. Without an
 * SMTP server the mail is marked `kept`: it stays in the outbox for owners to read.
 */
export function mailSendHandler(deps: MailSendDeps): JobHandler {
  const { db, transport } = deps;
  return async (job) => {
    const [mail] = await db
      .select()
      .from(outboundMails)
      .where(and(eq(outboundMails.id, job.subjectId), sameCompany(job.companyId)));
    if (!mail || mail.state === "sent") return { status: "done" };
    if (!transport) {
      const lastError = "No SMTP server is configured (SMTP_URL)";
      await settle(db, mail, { state: "kept", lastError });
      await followDelivery(deps, mail, "failed", `Kept in the outbox: ${lastError}`);
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
        headers: outboundHeaders(mail),
      });
      await settle(db, mail, {
        state: "sent",
        lastError: null,
        smtpResponse: String(info.response ?? ""),
        sentAt: new Date(),
      });
      await followDelivery(deps, mail, "sent", null);
      return { status: "done" };
    } catch (error) {
      const reason = smtpErrorText(error);
      if (isPermanent(error)) {
        await settle(db, mail, { state: "failed", lastError: reason });
        await followDelivery(deps, mail, "failed", reason);
        return { status: "failed", error: reason };
      }
      await settle(db, mail, { state: "queued", lastError: reason });
      return { status: "retry", error: reason };
    }
  };
}

/**
 * Every mail says it came from Foreman (X-Foreman-Mail: loop protection recognises our own mail coming
 * back); an AI employee's reply also says it is automatic (RFC 3834) and asks Exchange not to answer it
 * with an out-of-office.
 */
function outboundHeaders(mail: OutboundMailRow): Record<string, string> {
  return {
    "X-Foreman-Mail": mail.id,
    ...(mail.headers.autoReplied ? { "Auto-Submitted": "auto-replied", "X-Auto-Response-Suppress": "All" } : {}),
  };
}

/** A conversation message the mail carries shows how far it got, live in the open thread. */
async function followDelivery(
  { db, events }: MailSendDeps,
  mail: OutboundMailRow,
  status: "sent" | "failed",
  error: string | null,
) {
  if (!mail.conversationMessageId || !mail.companyId) return;
  await recordDelivery(db, mail.companyId, mail.conversationMessageId, {
    deliveryStatus: status,
    deliveryError: error,
  });
  const message = await findMessage(db, mail.companyId, mail.conversationMessageId);
  if (message)
    await events.publish(mail.companyId, { type: "message.updated", conversationId: message.conversationId, message });
}

/** The job's company, or none for mail about a user's own account (`company_id` null). */
const sameCompany = (companyId: string | null) =>
  companyId === null ? isNull(outboundMails.companyId) : eq(outboundMails.companyId, companyId);

/** What replaces the text of a mail that carried a single-use link, once it is out of our hands. */
export const ERASED_MAIL_TEXT = "(This mail carried a single-use link; its text was erased once it left the outbox.)";

async function settle(
  db: Db,
  mail: OutboundMailRow,
  changes: Partial<Pick<OutboundMailRow, "state" | "lastError" | "smtpResponse" | "sentAt">>,
) {
  // Sent, failed for good or kept without a server: the link is not needed here any more.
  const final = changes.state !== undefined && changes.state !== "queued";
  await db
    .update(outboundMails)
    .set({
      ...changes,
      attempts: mail.attempts + 1,
      ...(final && mail.eraseTextAfterSend ? { text: ERASED_MAIL_TEXT } : {}),
    })
    .where(and(eq(outboundMails.id, mail.id), sameCompany(mail.companyId)));
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
