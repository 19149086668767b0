import { NOTIFICATION_KIND_PREFERENCE, type NotificationKind } from "@foreman/contract";
import type { Config } from "#server/config.ts";
import type { Executor } from "#server/db/client.ts";
import type { JobQueue } from "../jobs/index.ts";
import {
  batchJobWaiting,
  findRecipients,
  insertNotification,
  lockBatch,
  type Recipients,
} from "./notifications.repository.ts";

// The one way other modules tell staff of something by mail: a row per user who wants it, written in
// the caller's transaction, and one `notification_mail` job per user batch that mails every row the
// user has waiting, NOTIFICATION_MAIL_DELAY_MS after the batch's first row (notification-mail.ts).

export type NotifyDeps = { queue: JobQueue; config: Pick<Config, "notifications"> };

export type NewNotification = {
  companyId: string;
  /** Members of the company by id, its approvers (contract `canApprove`), or its owners and admins. */
  to: Recipients;
  kind: NotificationKind;
  /** What it is about (an action item, a ticket, a conversation). */
  subjectId: string;
  /** The line the mail shows for it. */
  summary: string;
  /** Where its link leads in the app: a path with its query, e.g. `/support?ticket=<id>`. */
  link: string;
};

const SUMMARY_MAX = 200;

/** One line of at most 200 characters: a title typed with line breaks must not break the mail's layout. */
function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > SUMMARY_MAX ? `${line.slice(0, SUMMARY_MAX - 1)}…` : line;
}

/**
 * Records `notification` for each recipient whose switch for its kind is on, in the caller's
 * transaction, and makes sure a mail job will take it. Answers the users told. The caller wakes the
 * queue after its commit as for any job (the mail waits out its window anyway).
 */
export async function notify(tx: Executor, deps: NotifyDeps, notification: NewNotification): Promise<string[]> {
  const { companyId, kind, subjectId } = notification;
  const userIds = await findRecipients(tx, companyId, notification.to, NOTIFICATION_KIND_PREFERENCE[kind]);
  // Always in the same order, so two transactions telling the same people never wait on each other.
  const ordered = [...userIds].sort();
  for (const userId of ordered) {
    await lockBatch(tx, userId);
    const id = await insertNotification(tx, {
      companyId,
      userId,
      kind,
      subjectId,
      summary: oneLine(notification.summary),
      link: notification.link,
    });
    // A batch whose job has not run yet takes this row too; otherwise this row starts the next batch.
    if (await batchJobWaiting(tx, userId)) continue;
    await deps.queue.enqueue(tx, {
      companyId: null,
      kind: "notification_mail",
      subjectId: id,
      runAfter: new Date(Date.now() + deps.config.notifications.mailDelayMs),
    });
  }
  return ordered;
}
