import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { companyPurgeHandler } from "./company-purge.ts";
import { dataExportHandler } from "./data-export-job.ts";
import { runPrivacySchedule } from "./privacy-schedule.ts";
import { retentionSweepHandler } from "./retention-sweep.ts";

/** The privacy timer's first tick after start, then its period (the nightly work is queued once a day). */
export const PRIVACY_FIRST_TICK_MS = 60_000;
export const PRIVACY_TICK_MS = 3_600_000;

/**
 * Privacy's jobs (`retention_sweep`, `data_export`, `company_purge`) and the timer that queues the
 * nightly ones (privacy-schedule.ts). The timer never keeps the process alive and stops with the app.
 */
export const privacyPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.handle("retention_sweep", retentionSweepHandler({ db: app.db }));
    app.jobs.handle("data_export", dataExportHandler({ db: app.db, log: app.log }));
    app.jobs.handle("company_purge", companyPurgeHandler({ db: app.db, events: app.events, log: app.log }));

    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    let closed = false;
    const tick = () => {
      running = runPrivacySchedule({ db: app.db, jobs: app.jobs }, new Date())
        .then(() => undefined)
        .catch((error) => app.log.error({ err: error }, "privacy schedule failed"))
        .finally(() => {
          if (!closed) timer = setTimeout(tick, PRIVACY_TICK_MS).unref();
        });
    };
    app.addHook("onReady", async () => {
      timer = setTimeout(tick, PRIVACY_FIRST_TICK_MS).unref();
    });
    app.addHook("onClose", async () => {
      closed = true;
      clearTimeout(timer);
      await running;
    });
  },
  { name: "foreman-privacy", dependencies: ["foreman-jobs", "foreman-events"] },
);
