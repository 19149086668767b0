import { type DataExport, EXPORT_ALREADY_RUNNING, EXPORT_EXPIRED, EXPORT_NOT_READY } from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { recordActivity, staffActor } from "../activities/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import {
  type DataExportRow,
  eraseExpiredArchives,
  findArchive,
  findExport,
  hasUnfinishedExport,
  insertExport,
  lockCompanyForExport,
} from "./data-exports.repository.ts";
import type { PrivacyCaller } from "./privacy.service.ts";
import { toDataExport } from "./privacy-view.ts";

// Exports of a company's data: an owner starts one (one at a time), a job writes it, the owner downloads
// it within 24 hours.

const exportNotFound = () => httpError(404, "not_found", "Export not found");

async function findOwnExport(db: Db, caller: PrivacyCaller, id: string): Promise<DataExportRow> {
  const row = isUuid(id) ? await findExport(db, caller.companyId, id) : null;
  if (!row) throw exportNotFound();
  return row;
}

/** `POST /app/data_exports.json` (owners): queues the export and its job; 409 while another is under way. */
export async function requestExport(
  deps: { db: Db; jobs: JobQueue },
  caller: PrivacyCaller,
  now: Date,
): Promise<DataExport> {
  await deps.jobs.prepare();
  const id = await deps.db.transaction(async (tx) => {
    await lockCompanyForExport(tx, caller.companyId);
    if (await hasUnfinishedExport(tx, caller.companyId)) throw httpError(409, "conflict", EXPORT_ALREADY_RUNNING);
    const exportId = await insertExport(tx, caller.companyId, caller.userId);
    await deps.jobs.enqueue(tx, { companyId: caller.companyId, kind: "data_export", subjectId: exportId });
    await recordActivity(tx, {
      companyId: caller.companyId,
      kind: "company.data_exported",
      actor: await staffActor(tx, caller.userId),
      subject: { type: "company", id: caller.companyId },
      summary: "Started an export of all of the company's data",
      details: { exportId },
    });
    return exportId;
  });
  deps.jobs.wake();
  return toDataExport(await findOwnExport(deps.db, caller, id), caller.role, now);
}

/** `GET /app/data_exports/{id}.json`: its progress. */
export async function getExport(db: Db, caller: PrivacyCaller, id: string, now: Date): Promise<DataExport> {
  return toDataExport(await findOwnExport(db, caller, id), caller.role, now);
}

/**
 * `GET /app/data_exports/{id}/download` (owners): the zip while ready and its link has not run out.
 * After that the archive is erased (if the timer has not done it yet) and the answer is 410.
 */
export async function downloadExport(
  db: Db,
  caller: PrivacyCaller,
  id: string,
  now: Date,
): Promise<{ fileName: string; archive: Uint8Array }> {
  const row = await findOwnExport(db, caller, id);
  if (row.state !== "ready") throw httpError(409, "conflict", EXPORT_NOT_READY);
  if (!row.expiresAt || row.expiresAt.getTime() <= now.getTime()) {
    await eraseExpiredArchives(db, now, { companyId: caller.companyId, id });
    throw httpError(410, "gone", EXPORT_EXPIRED);
  }
  const archive = await findArchive(db, caller.companyId, id);
  if (!archive) throw httpError(410, "gone", EXPORT_EXPIRED);
  return { fileName: row.fileName ?? "foreman-export.zip", archive };
}
