import type { Executor } from "#server/db/client.ts";
import type { JobKind, JobRow } from "#server/db/schema/index.ts";
import type { NewJob } from "./jobs.repository.ts";

// Work that runs after the request that caused it has answered (modules/jobs/README.md).

/** What a handler made of its job. A thrown error counts as `retry` with the error's message. */
export type JobResult =
  | { status: "done" }
  | { status: "retry"; error: string; afterMs?: number }
  | { status: "failed"; error: string };

/** Runs one claimed job. It may run again after a crash: its writes must be safe to repeat. */
export type JobHandler = (job: JobRow, signal: AbortSignal) => Promise<JobResult>;

/** A job about a company's records: every kind but mail about a user's own account. */
export type CompanyJobRow = JobRow & { companyId: string };

/** A handler of a company's jobs: a job that names no company is a programming error, failed at once. */
export function companyJobHandler(
  handler: (job: CompanyJobRow, signal: AbortSignal) => Promise<JobResult>,
): JobHandler {
  return (job, signal) =>
    job.companyId === null
      ? Promise.resolve({ status: "failed", error: `A ${job.kind} job must name its company` })
      : handler(job as CompanyJobRow, signal);
}

export type JobHandlers = Partial<Record<JobKind, JobHandler>>;

export interface JobQueue {
  /**
   * Adds a job inside the caller's transaction, so it exists exactly when what it is about does.
   * Answers its id, or null when the subject already has a job of that kind.
   */
  enqueue(tx: Executor, job: NewJob): Promise<string | null>;
  /**
   * Before a transaction that will enqueue: readies the queue (graphile-worker's first start runs its
   * migrations; inside a transaction that would hold a pooled connection meanwhile).
   */
  prepare(): Promise<void>;
  /** After the transaction committed: start on new jobs now rather than at the next poll. */
  wake(): void;
  /** Registers what runs each kind; call before start. */
  handle(kind: JobKind, handler: JobHandler): void;
  /** Starts working (picks up jobs left by a crash or restart). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  stop(): Promise<void>;
  /** Resolves when no job is due or running on this instance (tests and benches). */
  idle(): Promise<void>;
}

/** Attempts before a job is failed for good, and the backoff between them (1 s, 2 s, 4 s … capped at 5 min). */
export const JOB_MAX_ATTEMPTS = 8;
export function retryDelayMs(attempts: number): number {
  return Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));
}
