import { type CompanyRole, type DataExport, exportDownloadable } from "@foreman/contract";
import type { DataExportRow } from "./data-exports.repository.ts";

/** The archive's path: only owners are given it, and only while it can be downloaded. */
export const downloadPath = (id: string) => `/app/data_exports/${id}/download`;

export function toDataExport(row: DataExportRow, role: CompanyRole, now: Date): DataExport {
  const view: DataExport = {
    id: row.id,
    state: row.state,
    progress: row.progress,
    step: row.step,
    fileName: row.fileName,
    byteSize: row.byteSize,
    error: row.error,
    requestedBy: row.requestedByName,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: null,
  };
  if (role === "owner" && exportDownloadable(view, now)) view.downloadUrl = downloadPath(row.id);
  return view;
}
