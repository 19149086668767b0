import { randomUUID } from "node:crypto";
import type { Executor } from "#server/db/client.ts";
import type { JobKind } from "#server/db/schema/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { lockQueuedCompanyJob } from "./billing-jobs.repository.ts";

// A job is unique per (kind, subject) forever, and billing work recurs for the same company: as the
// notification mail batches do, a job still waiting takes the new work too (locked, so it cannot start
// before the caller's commit and miss what it wrote); otherwise a new one is queued under a fresh
// subject. Two transactions racing may both queue one: each job reads the state when it runs, so the
// second does nothing new.

/** Makes sure a job of this kind will run for the company after the caller's transaction commits. */
export async function requestCompanyJob(
  tx: Executor,
  queue: JobQueue,
  kind: JobKind,
  companyId: string,
): Promise<void> {
  if (await lockQueuedCompanyJob(tx, kind, companyId)) return;
  await queue.enqueue(tx, { companyId, kind, subjectId: randomUUID() });
}

/**
 * Called in the transaction that buys or releases a number: the company's subscription (with Stripe)
 * and its computed invoices are brought up to date by the `billing_sync` job. The caller wakes the
 * queue after its commit, as for any job.
 */
export function requestBillingSync(tx: Executor, queue: JobQueue, companyId: string): Promise<void> {
  return requestCompanyJob(tx, queue, "billing_sync", companyId);
}
