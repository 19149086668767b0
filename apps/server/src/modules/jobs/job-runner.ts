import type { FastifyBaseLogger } from "fastify";
import type { Db } from "#server/db/client.ts";
import { JOB_MAX_ATTEMPTS, type JobHandlers, type JobResult, retryDelayMs } from "./job-queue.ts";
import { claimJob, renewLease, settleJob } from "./jobs.repository.ts";

export type JobRunnerOptions = {
  db: Db;
  handlers: JobHandlers;
  workerId: string;
  leaseMs: number;
  log: FastifyBaseLogger;
};

/**
 * Runs one job by id, whichever queue delivered it: claims it (a no-op when another worker holds it or
 * it is finished), renews the lease while the handler works, and settles it. Never throws. Answers when
 * the job is due again (a retry), so the queue can schedule it.
 */
export async function runJob(
  options: JobRunnerOptions,
  id: string,
  signal: AbortSignal,
): Promise<{ retryAt: Date } | null> {
  const { db, handlers, workerId, leaseMs, log } = options;
  let job: Awaited<ReturnType<typeof claimJob>>;
  try {
    job = await claimJob(db, id, workerId, leaseMs);
  } catch (error) {
    log.error({ err: error, jobId: id }, "job could not be claimed");
    return null;
  }
  if (!job) return null;
  const handler = handlers[job.kind];
  const renew = setInterval(
    () => {
      renewLease(db, id, workerId, leaseMs).catch((error) => log.warn({ err: error, jobId: id }, "lease not renewed"));
    },
    Math.max(50, leaseMs / 3),
  );
  let result: JobResult;
  try {
    result = handler ? await handler(job, signal) : { status: "failed", error: `No handler for ${job.kind} jobs` };
  } catch (error) {
    log.error({ err: error, jobId: id, kind: job.kind }, "job failed");
    result = { status: "retry", error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearInterval(renew);
  }
  if (result.status === "retry" && job.attempts >= JOB_MAX_ATTEMPTS) {
    result = { status: "failed", error: `${result.error} (gave up after ${job.attempts} attempts)` };
  }
  const retryAt =
    result.status === "retry" ? new Date(Date.now() + (result.afterMs ?? retryDelayMs(job.attempts))) : null;
  try {
    await settleJob(
      db,
      id,
      workerId,
      result.status === "retry"
        ? { state: "queued", error: result.error, runAfter: retryAt! }
        : result.status === "failed"
          ? { state: "failed", error: result.error }
          : { state: "done" },
    );
  } catch (error) {
    // The lease runs out and another worker (or this one after a restart) takes the job up again.
    log.error({ err: error, jobId: id }, "job could not be settled");
    return null;
  }
  return retryAt ? { retryAt } : null;
}
