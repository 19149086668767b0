import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { REPO_ROOT } from "#server/paths.ts";
import type { Database, Schema } from "./client.ts";

// From the repository root, not this file: the server also runs precompiled from apps/server/dist.
export const MIGRATIONS_DIR = path.join(REPO_ROOT, "apps/server/src/db/migrations");

/**
 * Applies pending migrations with the driver's own migrator (a no-op check when up to date). Tests pass
 * another folder to stop at an earlier migration.
 */
export async function migrate(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (await isUpToDate(database, migrationsFolder)) return;
  const config = { migrationsFolder };
  if (database.driver === "pglite") {
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, config);
  } else {
    const { migrate: migratePg } = await import("drizzle-orm/node-postgres/migrator");
    await migratePg(database.db as unknown as NodePgDatabase<Schema>, config);
  }
}

/**
 * True when the newest migration in the folder is already applied. Drizzle's migrator would find the
 * same, but only after hashing every migration file and running its CREATE … IF NOT EXISTS statements,
 * a tenth of a second of every start on PGlite; this costs two small queries.
 */
async function isUpToDate(database: Database, migrationsFolder: string): Promise<boolean> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  const newest = journal.entries.at(-1)?.when;
  if (newest === undefined) return false;
  const table = await database.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') as name`);
  if (!rowsOf<{ name: string | null }>(table)[0]?.name) return false;
  const applied = await database.db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
  const appliedNewest = rowsOf<{ newest: string | number | null }>(applied)[0]?.newest;
  return appliedNewest !== null && appliedNewest !== undefined && Number(appliedNewest) >= newest;
}

// node-postgres and PGlite both answer `execute` with `{ rows }`.
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
