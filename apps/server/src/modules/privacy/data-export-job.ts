import { exportFileName, exportLinkExpiry } from "@foreman/contract";
import type { FastifyBaseLogger } from "fastify";
import { zip } from "fflate";
import type { Db } from "#server/db/client.ts";
import { findCompanyPrivacy } from "../companies/index.ts";
import { companyJobHandler, type JobHandler } from "../jobs/index.ts";
import { completeExport, failExport, findExportForJob, updateExportProgress } from "./data-exports.repository.ts";
import { TableFiles } from "./export-files.ts";
import { exportReadme } from "./export-readme.ts";
import { readExportRows } from "./export-rows.ts";
import { exportPlan } from "./export-tables.ts";

// The `data_export` job: writes the company's archive table by table, saying which table and how far
// along on the export's row (the privacy tab polls it), then stores the zip for 24 hours. Run again
// after a crash, it starts over; a finished export is left alone.

/** Attempts before an export is given up as failed (the owner can start another). */
export const EXPORT_ATTEMPTS = 3;
export const EXPORT_FAILED_MESSAGE =
  "The export could not be written. Start a new one; if it fails again, contact support.";

// Zipped off the main thread (fflate's workers), so a large archive does not stall other requests.
function zipAsync(entries: Record<string, Uint8Array>): Promise<Uint8Array> {
  return new Promise((resolve, reject) =>
    zip(entries, { level: 6 }, (error, data) => (error ? reject(error) : resolve(data))),
  );
}

/** Writes one export; answers false when there was nothing to do (finished, or gone with its company). */
export async function writeExport(db: Db, exportId: string, now: () => Date = () => new Date()): Promise<boolean> {
  const row = await findExportForJob(db, exportId);
  if (!row || row.state === "ready" || row.state === "failed") return false;
  const company = await findCompanyPrivacy(db, row.companyId);
  if (!company) return false;
  const plan = exportPlan();
  const entries: Record<string, Uint8Array> = {};
  const written: { table: (typeof plan)[number]; rows: number; files: number }[] = [];
  for (const [index, table] of plan.entries()) {
    await updateExportProgress(db, exportId, { progress: Math.floor((index / plan.length) * 90), step: table.name });
    const files = new TableFiles(table);
    for await (const rows of readExportRows(db, table, company.id)) files.add(rows);
    Object.assign(entries, files.entries());
    written.push({ table, rows: files.rowCount, files: files.files.size });
  }
  await updateExportProgress(db, exportId, { progress: 95, step: "archive" });
  const startedAt = now();
  entries["README.txt"] = new TextEncoder().encode(
    exportReadme({ companyName: company.name, companyId: company.id, createdAt: startedAt, tables: written }),
  );
  const archive = await zipAsync(entries);
  const finishedAt = now();
  await completeExport(db, exportId, {
    archive,
    fileName: exportFileName(company.name, finishedAt),
    finishedAt,
    expiresAt: exportLinkExpiry(finishedAt),
  });
  return true;
}

export function dataExportHandler(deps: { db: Db; log: FastifyBaseLogger }): JobHandler {
  return companyJobHandler(async (job) => {
    try {
      await writeExport(deps.db, job.subjectId);
      return { status: "done" };
    } catch (error) {
      deps.log.error({ err: error, exportId: job.subjectId }, "data export failed");
      const message = error instanceof Error ? error.message : String(error);
      if (job.attempts < EXPORT_ATTEMPTS) return { status: "retry", error: message };
      await failExport(deps.db, job.subjectId, EXPORT_FAILED_MESSAGE, new Date());
      return { status: "failed", error: message };
    }
  });
}
