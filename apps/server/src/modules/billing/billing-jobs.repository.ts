import { and, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { type JobKind, jobs } from "#server/db/schema/index.ts";

/**
 * Whether the company has a job of this kind waiting to start (a running one may already have read),
 * locking it until the caller's transaction ends: a worker claiming it meanwhile waits for the commit,
 * so the job reads what the caller wrote. One claimed before the lock is no longer waiting: false.
 */
export async function lockQueuedCompanyJob(tx: Executor, kind: JobKind, companyId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.companyId, companyId), eq(jobs.state, "queued")))
    .limit(1)
    .for("update");
  return row !== undefined;
}
