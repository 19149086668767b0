import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { createJobQueue } from "./create-job-queue.ts";
import type { JobQueue } from "./job-queue.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Work after the request (modules/jobs): each module's plugin registers the kinds it runs. */
    jobs: JobQueue;
  }
}

/**
 * The app's one job queue, for the database's engine. Modules register their handlers while the app
 * is built; the queue starts once the app is ready (so every handler is known) and stops before it
 * closes (the database closes after the app).
 */
export const jobsPlugin = fp<{ config: Config; database: Database }>(
  async (app: FastifyInstance, { config, database }) => {
    const queue = createJobQueue(database, config.agents, app.log);
    app.decorate("jobs", queue);
    app.addHook("onReady", () => queue.start());
    app.addHook("onClose", () => queue.stop());
  },
  { name: "foreman-jobs" },
);
