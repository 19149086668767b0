import type { Config } from "#server/config.ts";
import type { Executor } from "#server/db/client.ts";
import type { JobQueue } from "../jobs/index.ts";
import { queueMail } from "../mail/index.ts";

// Mail to a user about their own account (a reset link, an email change, a two-factor notice): sent
// from MAIL_FROM through the one outbox, in the caller's transaction, and belonging to no company, so
// no company's outbox lists it. A mail carrying a single-use link has its text erased once it is sent.

export type AccountMail = { to: string; subject: string; text: string; eraseTextAfterSend?: boolean };

export function queueAccountMail(tx: Executor, queue: JobQueue, config: Pick<Config, "mail">, mail: AccountMail) {
  return queueMail(tx, queue, {
    companyId: null,
    from: config.mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    eraseTextAfterSend: mail.eraseTextAfterSend ?? false,
  });
}

// The mail module builds links into the app; kept here too for the account mails that call it so.
export { appLink } from "../mail/index.ts";
