import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";
import { migrate } from "#server/db/migrate.ts";

export type TestEngine = "pglite" | "postgres";

/** TEST_DB picks the engine; postgres needs DATABASE_URL (the server on which fresh databases are made). */
export function testEngine(): TestEngine {
  const engine = process.env.TEST_DB ?? "pglite";
  if (engine !== "pglite" && engine !== "postgres")
    throw new Error(`TEST_DB must be pglite or postgres, not ${engine}`);
  if (engine === "postgres" && !process.env.DATABASE_URL) throw new Error("TEST_DB=postgres needs DATABASE_URL");
  return engine;
}

async function adminQuery(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export type TestDatabase = Database & { url: string | undefined };

/**
 * A fresh database: in-memory PGlite, or a new PostgreSQL database dropped on close. Migrated unless
 * `migrated: false` (migration tests apply the history themselves).
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  if (testEngine() === "pglite") {
    if (!migrated) return { ...(await openDatabase({ dataDir: "memory://" })), url: undefined };
    const templatePath = inject("pgliteTemplatePath");
    const pgliteTemplate = templatePath ? new Blob([readFileSync(templatePath)]) : undefined;
    const database = await openDatabase({ dataDir: "memory://", pgliteTemplate });
    // A no-op on the migrated template; the real work when there is none.
    await migrate(database);
    return { ...database, url: undefined };
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `foreman_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "memory://" });
  try {
    if (migrated) await migrate(database);
  } catch (error) {
    await database.close();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
