import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { JobHandler, JobQueue } from "../jobs/index.ts";
import { queueMail } from "../mail/index.ts";
import { notificationMail } from "./notification-mail-text.ts";
import {
  dropNotifications,
  findBatchUser,
  findUnmailed,
  findUserAddress,
  lockBatch,
  markMailed,
} from "./notifications.repository.ts";

// The `notification_mail` job: its subject is the notification that started a user's batch. It mails
// every notification the user has waiting (any company) as ONE mail through the outbox and marks them
// mailed with that mail's id, all in one transaction under the user's batch lock. Run twice, the
// second run finds nothing waiting and sends nothing.

export type NotificationMailDeps = { db: Db; queue: JobQueue; config: Pick<Config, "appUrl" | "mail"> };

export function notificationMailHandler(deps: NotificationMailDeps): JobHandler {
  return async (job) => {
    const mailed = await deps.db.transaction(async (tx) => {
      const userId = await findBatchUser(tx, job.subjectId);
      // Gone with its user or company: nothing of this batch is left to mail.
      if (!userId) return false;
      await lockBatch(tx, userId);
      const rows = await findUnmailed(tx, userId);
      const deliverable = rows.filter((row) => row.deliverable);
      // Left the company, or turned the kind off while the batch waited: those are not mailed.
      await dropNotifications(
        tx,
        rows.filter((row) => !row.deliverable).map((row) => row.id),
      );
      const user = await findUserAddress(tx, userId);
      if (!user || deliverable.length === 0) return false;
      const mail = notificationMail(deps.config, user, deliverable);
      const { id } = await queueMail(tx, deps.queue, {
        companyId: null,
        from: deps.config.mail.from,
        to: user.email,
        subject: mail.subject,
        text: mail.text,
      });
      await markMailed(
        tx,
        deliverable.map((row) => row.id),
        id,
      );
      return true;
    });
    if (mailed) deps.queue.wake();
    return { status: "done" };
  };
}
