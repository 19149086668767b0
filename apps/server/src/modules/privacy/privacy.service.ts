import {
  type CompanyRole,
  DATA_EXPORTS_LISTED,
  deletionDueAt,
  type PrivacyPatch,
  type PrivacySettings,
  retentionLabel,
} from "@foreman/contract";
import type { Db, Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { findStaffName, recordActivity, staffActor } from "../activities/index.ts";
import { findCompanyPrivacy, updateRetentionDays } from "../companies/index.ts";
import { findLatestExports } from "./data-exports.repository.ts";
import { toDataExport } from "./privacy-view.ts";

// Settings → Privacy: what every member reads, and the retention period owners and admins set.

export type PrivacyCaller = { companyId: string; role: CompanyRole; userId: string };

const companyNotFound = () => httpError(404, "not_found", "Company not found");

/** `GET /app/privacy.json`. */
export async function getPrivacy(db: Executor, caller: PrivacyCaller, now: Date): Promise<PrivacySettings> {
  const company = await findCompanyPrivacy(db, caller.companyId);
  if (!company) throw companyNotFound();
  const exports = await findLatestExports(db, caller.companyId, DATA_EXPORTS_LISTED);
  const requestedBy = company.deletionRequestedBy ? await findStaffName(db, company.deletionRequestedBy) : null;
  return {
    retentionDays: company.retentionDays,
    deletionScheduledFor: company.deletionRequestedAt ? deletionDueAt(company.deletionRequestedAt).toISOString() : null,
    deletionRequestedBy: company.deletionRequestedAt ? requestedBy || null : null,
    exports: exports.map((row) => toDataExport(row, caller.role, now)),
  };
}

const retentionSentence = (days: number | null) =>
  days === null ? "Kept conversations forever" : `Kept conversations for ${retentionLabel(days).toLowerCase()}`;

/**
 * `PATCH /app/privacy.json` (the route let only owners and admins through): the change and its activity
 * commit together. Setting what is already set writes and logs nothing.
 */
export async function changeRetention(db: Db, caller: PrivacyCaller, patch: PrivacyPatch, now: Date) {
  await db.transaction(async (tx) => {
    const company = await findCompanyPrivacy(tx, caller.companyId, { forUpdate: true });
    if (!company) throw companyNotFound();
    if (company.retentionDays === patch.retentionDays) return;
    await updateRetentionDays(tx, caller.companyId, patch.retentionDays);
    await recordActivity(tx, {
      companyId: caller.companyId,
      kind: "company.retention_changed",
      actor: await staffActor(tx, caller.userId),
      subject: { type: "company", id: caller.companyId },
      summary: retentionSentence(patch.retentionDays),
      details: { from: company.retentionDays, to: patch.retentionDays },
    });
  });
  return getPrivacy(db, caller, now);
}
