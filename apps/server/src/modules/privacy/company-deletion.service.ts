import {
  type CompanyDeletionRequest,
  DELETION_ALREADY_SCHEDULED,
  DELETION_CONFIRM_MISMATCH,
  DELETION_GRACE_OVER,
  DELETION_NOT_SCHEDULED,
  deletionConfirmed,
  deletionDueAt,
  deletionRestorable,
  type PrivacySettings,
} from "@foreman/contract";
import type { Config } from "#server/config.ts";
import type { Db, Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { recordActivity, staffActor } from "../activities/index.ts";
import {
  clearCompanyDeletion,
  findCompanyOwners,
  findCompanyPrivacy,
  markCompanyForDeletion,
} from "../companies/index.ts";
import type { EventBus } from "../events/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import { queueMail } from "../mail/index.ts";
import { deletionCancelledMail, deletionScheduledMail } from "./deletion-mail.ts";
import { getPrivacy, type PrivacyCaller } from "./privacy.service.ts";

// Deleting a company (owners only, checked by the route): typed confirmation, then a grace period in
// which the company works as before and any owner can restore it; the purge comes after
// (company-purge.ts). Each change commits with its activity and the owners' mail, then every instance
// drops its cached /app/me.json so every member's shell shows (or stops showing) the banner.

export type DeletionDeps = { db: Db; jobs: JobQueue; events: EventBus; config: Pick<Config, "appUrl" | "mail"> };

const companyNotFound = () => httpError(404, "not_found", "Company not found");

async function mailOwners(
  tx: Executor,
  deps: DeletionDeps,
  companyId: string,
  mail: { subject: string; text: string },
) {
  for (const owner of await findCompanyOwners(tx, companyId))
    await queueMail(tx, deps.jobs, { companyId, from: deps.config.mail.from, to: owner.email, ...mail });
}

/** `POST /app/companies/{id}/deletion.json`: schedules the deletion for the end of the grace period. */
export async function scheduleDeletion(
  deps: DeletionDeps,
  caller: PrivacyCaller,
  request: CompanyDeletionRequest,
  now: Date,
): Promise<PrivacySettings> {
  await deps.jobs.prepare();
  await deps.db.transaction(async (tx) => {
    const company = await findCompanyPrivacy(tx, caller.companyId, { forUpdate: true });
    if (!company) throw companyNotFound();
    if (!deletionConfirmed(request.confirm, company.name))
      throw httpError(400, "invalid_request", "Request validation failed", [
        { field: "confirm", message: DELETION_CONFIRM_MISMATCH },
      ]);
    if (company.deletionRequestedAt) throw httpError(409, "conflict", DELETION_ALREADY_SCHEDULED);
    await markCompanyForDeletion(tx, caller.companyId, caller.userId, now);
    const actor = await staffActor(tx, caller.userId);
    const dueAt = deletionDueAt(now);
    await recordActivity(tx, {
      companyId: caller.companyId,
      kind: "company.deletion_scheduled",
      actor,
      subject: { type: "company", id: caller.companyId },
      summary: `Scheduled the company's deletion for ${dueAt.toISOString().slice(0, 10)}`,
      details: { deletionScheduledFor: dueAt.toISOString() },
    });
    await mailOwners(
      tx,
      deps,
      caller.companyId,
      deletionScheduledMail(deps.config, {
        companyName: company.name,
        actorName: actor.name || "An owner",
        dueAt,
        timeZone: company.timeZone,
      }),
    );
  });
  deps.jobs.wake();
  await deps.events.notify({ topic: "company.changed", companyId: caller.companyId });
  return getPrivacy(deps.db, caller, now);
}

/** `DELETE /app/companies/{id}/deletion.json`: restores the company while the grace period lasts. */
export async function restoreCompany(deps: DeletionDeps, caller: PrivacyCaller, now: Date): Promise<PrivacySettings> {
  await deps.jobs.prepare();
  await deps.db.transaction(async (tx) => {
    const company = await findCompanyPrivacy(tx, caller.companyId, { forUpdate: true });
    if (!company) throw companyNotFound();
    if (!company.deletionRequestedAt) throw httpError(409, "conflict", DELETION_NOT_SCHEDULED);
    if (!deletionRestorable(company.deletionRequestedAt, now)) throw httpError(409, "conflict", DELETION_GRACE_OVER);
    await clearCompanyDeletion(tx, caller.companyId);
    const actor = await staffActor(tx, caller.userId);
    await recordActivity(tx, {
      companyId: caller.companyId,
      kind: "company.deletion_cancelled",
      actor,
      subject: { type: "company", id: caller.companyId },
      summary: "Restored the company: its deletion is called off",
      details: { deletionScheduledFor: deletionDueAt(company.deletionRequestedAt).toISOString() },
    });
    await mailOwners(
      tx,
      deps,
      caller.companyId,
      deletionCancelledMail(deps.config, { companyName: company.name, actorName: actor.name || "An owner" }),
    );
  });
  deps.jobs.wake();
  await deps.events.notify({ topic: "company.changed", companyId: caller.companyId });
  return getPrivacy(deps.db, caller, now);
}
