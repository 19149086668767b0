import type { FastifyBaseLogger } from "fastify";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import type { EventBus } from "../events/index.ts";
import type { JobQueue } from "../jobs/index.ts";

/** What the email module's intake, job and routes share (the app's `email` decoration). */
export type EmailDeps = {
  db: Db;
  queue: JobQueue;
  events: EventBus;
  config: Config["email"];
  log: FastifyBaseLogger;
};
