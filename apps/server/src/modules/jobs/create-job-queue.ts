import type { FastifyBaseLogger } from "fastify";
import type { AgentsConfig } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { GraphileJobQueue } from "./graphile-job-queue.ts";
import type { JobQueue } from "./job-queue.ts";
import { LocalJobQueue } from "./local-job-queue.ts";

/** graphile-worker on PostgreSQL; the in-process poller on PGlite (one process owns the database). */
export function createJobQueue(database: Database, agents: AgentsConfig, log: FastifyBaseLogger): JobQueue {
  const options = { concurrency: agents.concurrency, leaseMs: agents.jobLeaseMs, log };
  return database.url
    ? new GraphileJobQueue(database.db, { ...options, connectionString: database.url })
    : new LocalJobQueue(database.db, options);
}
