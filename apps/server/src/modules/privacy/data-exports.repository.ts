import { and, desc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { companies, dataExports, users } from "#server/db/schema/index.ts";

// The data_exports table: one row per export, its progress and, once ready, its archive.

/** An export as the API shows it (without its archive's bytes). */
export type DataExportRow = {
  id: string;
  companyId: string;
  state: "queued" | "running" | "ready" | "failed";
  progress: number;
  step: string | null;
  fileName: string | null;
  byteSize: number | null;
  error: string | null;
  requestedByName: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  expiresAt: Date | null;
};

const rowColumns = {
  id: dataExports.id,
  companyId: dataExports.companyId,
  state: dataExports.state,
  progress: dataExports.progress,
  step: dataExports.step,
  fileName: dataExports.fileName,
  byteSize: dataExports.byteSize,
  error: dataExports.error,
  requestedByName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  createdAt: dataExports.createdAt,
  finishedAt: dataExports.finishedAt,
  expiresAt: dataExports.expiresAt,
};

/** The company's latest exports, newest first. */
export async function findLatestExports(db: Executor, companyId: string, limit: number): Promise<DataExportRow[]> {
  return db
    .select(rowColumns)
    .from(dataExports)
    .leftJoin(users, eq(users.id, dataExports.requestedBy))
    .where(eq(dataExports.companyId, companyId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(limit);
}

/** One of the company's exports (another company's is not found). */
export async function findExport(db: Executor, companyId: string, id: string): Promise<DataExportRow | null> {
  const [row] = await db
    .select(rowColumns)
    .from(dataExports)
    .leftJoin(users, eq(users.id, dataExports.requestedBy))
    .where(and(eq(dataExports.companyId, companyId), eq(dataExports.id, id)));
  return row ?? null;
}

/** Locks the company's row so two requests cannot both start an export. */
export async function lockCompanyForExport(tx: Executor, companyId: string): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
}

/** Whether the company has an export queued or running. */
export async function hasUnfinishedExport(db: Executor, companyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.companyId, companyId), inArray(dataExports.state, ["queued", "running"])))
    .limit(1);
  return rows.length > 0;
}

export async function insertExport(tx: Executor, companyId: string, userId: string): Promise<string> {
  const [row] = await tx
    .insert(dataExports)
    .values({ companyId, requestedBy: userId })
    .returning({ id: dataExports.id });
  return row!.id;
}

/** The export's state for its job (by id alone: the job names its company). */
export async function findExportForJob(db: Executor, id: string) {
  const [row] = await db
    .select({ id: dataExports.id, companyId: dataExports.companyId, state: dataExports.state })
    .from(dataExports)
    .where(eq(dataExports.id, id));
  return row ?? null;
}

/** Progress while the job works; a finished export is left as it is. */
export async function updateExportProgress(
  db: Executor,
  id: string,
  values: { progress: number; step: string | null },
): Promise<void> {
  await db
    .update(dataExports)
    .set({ state: "running", ...values })
    .where(and(eq(dataExports.id, id), inArray(dataExports.state, ["queued", "running"])));
}

export async function completeExport(
  db: Executor,
  id: string,
  values: { archive: Uint8Array; fileName: string; finishedAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .update(dataExports)
    .set({
      state: "ready",
      progress: 100,
      step: null,
      archive: values.archive,
      byteSize: values.archive.byteLength,
      fileName: values.fileName,
      finishedAt: values.finishedAt,
      expiresAt: values.expiresAt,
      error: null,
    })
    .where(and(eq(dataExports.id, id), inArray(dataExports.state, ["queued", "running"])));
}

export async function failExport(db: Executor, id: string, error: string, finishedAt: Date): Promise<void> {
  await db
    .update(dataExports)
    .set({ state: "failed", step: null, error, finishedAt })
    .where(and(eq(dataExports.id, id), inArray(dataExports.state, ["queued", "running"])));
}

/** The archive of a ready export, while it is kept. */
export async function findArchive(db: Executor, companyId: string, id: string): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ archive: dataExports.archive })
    .from(dataExports)
    .where(and(eq(dataExports.companyId, companyId), eq(dataExports.id, id), eq(dataExports.state, "ready")));
  return row?.archive ?? null;
}

/** Erases the archives whose link ran out by `now` (one export's, or every company's); answers how many. */
export async function eraseExpiredArchives(db: Executor, now: Date, only?: { companyId: string; id: string }) {
  const rows = await db
    .update(dataExports)
    .set({ archive: null })
    .where(
      and(
        isNotNull(dataExports.archive),
        lte(dataExports.expiresAt, now),
        only ? and(eq(dataExports.companyId, only.companyId), eq(dataExports.id, only.id)) : undefined,
      ),
    )
    .returning({ id: dataExports.id });
  return rows.length;
}
