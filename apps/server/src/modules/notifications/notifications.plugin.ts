import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DIGEST_CHECK_MS, dailyDigestHandler, enqueueDueDigests } from "./daily-digest.ts";
import { notificationMailHandler } from "./notification-mail.ts";

/**
 * Registers the `notification_mail` and `daily_digest` jobs, and the timer that finds whose daily digest
 * is due (every instance runs one; the digest's job is unique per user and day).
 */
export const notificationsPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = { db: app.db, queue: app.jobs, config: app.config };
    app.jobs.handle("notification_mail", notificationMailHandler(deps));
    app.jobs.handle("daily_digest", dailyDigestHandler(deps));
    let timer: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      timer = setInterval(() => {
        enqueueDueDigests(deps).catch((error: unknown) => app.log.warn({ err: error }, "daily digest check failed"));
      }, DIGEST_CHECK_MS);
      timer.unref();
    });
    app.addHook("onClose", async () => clearInterval(timer));
  },
  { name: "foreman-notifications", dependencies: ["foreman-jobs"] },
);
