import { z } from "zod";

// Settings → Privacy: an export of all of a company's data. An owner asks for one; a job writes a zip of
// JSON and CSV files, table by table, with its progress; the zip can be downloaded for 24 hours.

/** A company data export's life: queued, then running with progress, then ready to download or failed. */
export const DATA_EXPORT_STATES = ["queued", "running", "ready", "failed"] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

/** The download link works this long after the archive is ready; then the archive is erased. */
export const EXPORT_LINK_HOURS = 24;
/** How many of the latest exports the privacy tab lists. */
export const DATA_EXPORTS_LISTED = 5;

export const EXPORT_OWNER_ONLY = "Only an owner of this company can export its data";
export const EXPORT_ALREADY_RUNNING = "An export of this company's data is already under way: wait for it to finish";
export const EXPORT_EXPIRED = `This export's download link has expired (links work for ${EXPORT_LINK_HOURS} hours): start a new export`;
export const EXPORT_NOT_READY = "This export is not ready to download yet";

/** `GET /app/data_exports/{id}.json`, and the privacy tab's list. */
export const dataExportSchema = z.object({
  id: z.string(),
  state: z.enum(DATA_EXPORT_STATES),
  /** 0–100. */
  progress: z.number().int(),
  /** What the job is writing now (a table's name), while running. */
  step: z.string().nullable(),
  fileName: z.string().nullable(),
  byteSize: z.number().int().nullable(),
  /** Why it failed. */
  error: z.string().nullable(),
  /** Who asked for it ("Ana Ruiz"), when still a user. */
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the download link stops working (ready exports). */
  expiresAt: z.string().nullable(),
  /** The archive's path while it can be downloaded, for owners only (others: null). */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** Whether a ready export can still be downloaded at `now`. */
export function exportDownloadable(
  dataExport: Pick<DataExport, "state" | "expiresAt">,
  now: Date = new Date(),
): boolean {
  return (
    dataExport.state === "ready" &&
    dataExport.expiresAt !== null &&
    new Date(dataExport.expiresAt).getTime() > now.getTime()
  );
}

/** The end of a download link that starts at `readyAt`. */
export function exportLinkExpiry(readyAt: Date): Date {
  return new Date(readyAt.getTime() + EXPORT_LINK_HOURS * 3_600_000);
}

/** "foreman-export-northwind-2026-11-28.zip": the company's name made safe for a file name, and the day. */
export function exportFileName(companyName: string, day: Date): string {
  const slug =
    companyName
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40)
      .replace(/-+$/g, "") || "company";
  return `foreman-export-${slug}-${day.toISOString().slice(0, 10)}.zip`;
}
