import { DATA_EXPORT_STATES } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { bytea, companyId, createdAt, inList } from "./columns.ts";

// modules/privacy: exports of a company's data (retention and deletion are columns of companies).

/** An export of all of a company's data: a job fills the archive, downloadable for 24 hours. */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    state: text("state", { enum: DATA_EXPORT_STATES }).notNull().default("queued"),
    // 0–100, and what the job is writing now (a table's name), for the progress bar.
    progress: integer("progress").notNull().default(0),
    step: text("step"),
    fileName: text("file_name"),
    archive: bytea("archive"),
    byteSize: integer("byte_size"),
    error: text("error"),
    // The download link's end (24 hours after it was ready); the archive is erased after it.
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("data_exports_company_id_created_at_idx").on(t.companyId, t.createdAt.desc()),
    check("data_exports_state_check", sql`${t.state} in (${inList(DATA_EXPORT_STATES)})`),
    check("data_exports_progress_check", sql`${t.progress} between 0 and 100`),
  ],
);
