/** A company data export's life: queued, then running with progress, then ready to download or failed. */
export const DATA_EXPORT_STATES = ["queued", "running", "ready", "failed"] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];
