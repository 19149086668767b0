import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "#server/db/client.ts";

// Where `npm run eval` runs: a fresh in-memory PGlite, or, with DATABASE_URL, a fresh database on that
// PostgreSQL server (CREATE DATABASE through the URL's own database), dropped when the run closes it.

export type ScratchDatabase = Database & {
  /** "PGlite" or "PostgreSQL", for the run's header line. */
  engine: "PGlite" | "PostgreSQL";
};

async function adminStatement(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function openScratchDatabase(adminUrl: string | undefined): Promise<ScratchDatabase> {
  if (!adminUrl) return { ...(await openDatabase({ dataDir: "memory://" })), engine: "PGlite" };
  const name = `foreman_eval_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await adminStatement(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = () => adminStatement(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  try {
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "memory://" });
    return {
      ...database,
      engine: "PostgreSQL",
      async close() {
        try {
          await database.close();
        } finally {
          await drop();
        }
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}
