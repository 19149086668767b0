import { and, eq, lt, lte, or, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { type JobKind, type JobRow, jobs } from "#server/db/schema/index.ts";

/** `companyId` null: mail about a user's own account, which belongs to no company. */
export type NewJob = { companyId: string | null; kind: JobKind; subjectId: string; runAfter?: Date };

/** Inserts a job unless one of its kind already exists for the subject; answers the new job's id or null. */
export async function insertJob(tx: Executor, job: NewJob): Promise<string | null> {
  const [row] = await tx
    .insert(jobs)
    .values({ ...job, runAfter: job.runAfter ?? sql`now()` })
    .onConflictDoNothing({ target: [jobs.kind, jobs.subjectId] })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/** A job that may be taken now: queued and due, or running under a lease that ran out (its worker died). */
const claimable = () =>
  or(
    and(eq(jobs.state, "queued"), lte(jobs.runAfter, sql`now()`)),
    and(eq(jobs.state, "running"), lt(jobs.lockedUntil, sql`now()`)),
  );

/**
 * Takes the job for this worker if nobody holds it: one conditional UPDATE, so of two workers racing
 * for it exactly one wins. Answers the job as claimed, or null.
 */
export async function claimJob(db: Executor, id: string, workerId: string, leaseMs: number): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({
      state: "running",
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: workerId,
      lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
    })
    .where(and(eq(jobs.id, id), claimable()))
    .returning();
  return row ?? null;
}

/** Extends the lease of a job this worker still holds (a long model call). */
export async function renewLease(db: Executor, id: string, workerId: string, leaseMs: number): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(and(eq(jobs.id, id), eq(jobs.state, "running"), eq(jobs.lockedBy, workerId)));
}

/** Ends a job this worker holds: done, failed for good, or queued again for `retryAt`. */
export async function settleJob(
  db: Executor,
  id: string,
  workerId: string,
  outcome: { state: "done" } | { state: "failed"; error: string } | { state: "queued"; error: string; runAfter: Date },
): Promise<void> {
  await db
    .update(jobs)
    .set({
      state: outcome.state,
      lockedBy: null,
      lockedUntil: null,
      lastError: outcome.state === "done" ? null : outcome.error,
      runAfter: outcome.state === "queued" ? outcome.runAfter : sql`${jobs.runAfter}`,
      finishedAt: outcome.state === "queued" ? null : sql`now()`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
}

/** Ids of jobs that may be taken now, soonest first (the local poller and the lease sweeper). */
export async function findClaimableJobIds(db: Executor, limit: number): Promise<string[]> {
  const rows = await db.select({ id: jobs.id }).from(jobs).where(claimable()).orderBy(jobs.runAfter).limit(limit);
  return rows.map((row) => row.id);
}

/** When the next queued job falls due, if any (the local poller sleeps until then). */
export async function nextDueAt(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${jobs.runAfter})` })
    .from(jobs)
    .where(eq(jobs.state, "queued"));
  return row?.at ? new Date(row.at) : null;
}

/** Running jobs whose worker is gone for certain (PGlite: the one process that could hold them restarted). */
export async function releaseAllLeases(db: Executor): Promise<void> {
  await db.update(jobs).set({ lockedUntil: sql`now() - interval '1 millisecond'` }).where(eq(jobs.state, "running"));
}

export async function findJob(db: Executor, kind: JobKind, subjectId: string): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.subjectId, subjectId)));
  return row ?? null;
}
