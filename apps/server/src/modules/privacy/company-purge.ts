import { deletionDueAt } from "@foreman/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "#server/db/client.ts";
import { findCompanyPrivacy, purgeCompany } from "../companies/index.ts";
import type { EventBus } from "../events/index.ts";
import { companyJobHandler, type JobHandler } from "../jobs/index.ts";

// The `company_purge` job: once a deletion's grace period is over, the company's row is deleted and
// every table cascades from it (files are rows: attachments, knowledge files, the logo, raw mail). Its
// users stay: they may belong to other companies, and their accounts are their own.

export type PurgeOutcome = { status: "purged" } | { status: "not_scheduled" } | { status: "not_due"; dueAt: Date };

export async function purgeIfDue(
  deps: { db: Db; events: EventBus },
  companyId: string,
  now: Date,
): Promise<PurgeOutcome> {
  const company = await findCompanyPrivacy(deps.db, companyId);
  // Gone already (a second run), or restored by an owner in time.
  if (!company?.deletionRequestedAt) return { status: "not_scheduled" };
  const dueAt = deletionDueAt(company.deletionRequestedAt);
  if (now.getTime() < dueAt.getTime()) return { status: "not_due", dueAt };
  const purged = await deps.db.transaction((tx) => purgeCompany(tx, companyId, now));
  if (!purged) return { status: "not_scheduled" };
  // Every instance forgets the company: its members' /app/me.json no longer lists it.
  await deps.events.notify({ topic: "company.changed", companyId });
  return { status: "purged" };
}

export function companyPurgeHandler(deps: { db: Db; events: EventBus; log: FastifyBaseLogger }): JobHandler {
  return companyJobHandler(async (job) => {
    const now = new Date();
    const outcome = await purgeIfDue(deps, job.companyId, now);
    if (outcome.status === "purged")
      deps.log.info({ companyId: job.companyId }, "company purged after its deletion grace period");
    // Enqueued a little early (another instance's clock): wait until it is due.
    if (outcome.status === "not_due")
      return { status: "retry", error: "not due yet", afterMs: outcome.dueAt.getTime() - now.getTime() + 1000 };
    return { status: "done" };
  });
}
