import type { Db } from "#server/db/client.ts";
import { findCompaniesDueForPurge, findCompaniesWithRetention } from "../companies/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { eraseExpiredArchives } from "./data-exports.repository.ts";
import { companyPurgeSubject, retentionSweepSubject } from "./job-subject.ts";

// What the privacy timer does on each tick (every instance ticks; the derived job subjects make each
// run happen once): queue today's retention sweep of every company that keeps conversations for a
// limited time, queue the purge of every company whose grace period is over, and erase the archives
// of exports whose download link ran out.

export type ScheduleResult = { sweeps: number; purges: number; erasedArchives: number };

export async function runPrivacySchedule(deps: { db: Db; jobs: JobQueue }, now: Date): Promise<ScheduleResult> {
  const { db, jobs } = deps;
  const [retention, due] = await Promise.all([findCompaniesWithRetention(db), findCompaniesDueForPurge(db, now)]);
  let sweeps = 0;
  let purges = 0;
  if (retention.length > 0 || due.length > 0) {
    await jobs.prepare();
    await db.transaction(async (tx) => {
      for (const company of retention) {
        const subjectId = retentionSweepSubject(company.id, now);
        if (await jobs.enqueue(tx, { companyId: company.id, kind: "retention_sweep", subjectId })) sweeps += 1;
      }
      for (const company of due) {
        const subjectId = companyPurgeSubject(company.id, company.deletionRequestedAt);
        if (await jobs.enqueue(tx, { companyId: company.id, kind: "company_purge", subjectId })) purges += 1;
      }
    });
    jobs.wake();
  }
  const erasedArchives = await eraseExpiredArchives(db, now);
  return { sweeps, purges, erasedArchives };
}
