import path from "node:path";
import { fileURLToPath } from "node:url";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { Database, Schema } from "./client.ts";

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * Applies pending migrations with the driver's own migrator (a no-op check when up to date). Tests pass
 * another folder to stop at an earlier migration.
 */
export async function migrate(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  const config = { migrationsFolder };
  if (database.driver === "pglite") {
    const { migrate: migratePglite } = await import("drizzle-orm/pglite/migrator");
    await migratePglite(database.db as unknown as PgliteDatabase<Schema>, config);
  } else {
    const { migrate: migratePg } = await import("drizzle-orm/node-postgres/migrator");
    await migratePg(database.db as unknown as NodePgDatabase<Schema>, config);
  }
}
