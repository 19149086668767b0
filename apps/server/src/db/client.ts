import { mkdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema/index.ts";

// Each driver is imported only when used: start-up loads one engine, not both.

export type Schema = typeof schema;
/** One type for both engines, so repositories never care which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept `Db | Tx` (see `Executor`). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

export type DatabaseDriver = "pglite" | "postgres";

export type Database = {
  db: Db;
  driver: DatabaseDriver;
  /** PostgreSQL's connection string (for connections outside the pool: the event bus's LISTEN); undefined on PGlite. */
  url: string | undefined;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PGlite only: start from a dump (`dumpDataDir`) instead of an empty cluster; tests use it to skip initdb. */
  pgliteTemplate?: Blob;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, options.pgliteTemplate);
}

async function openPglite(dataDir: string, template: Blob | undefined): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
  ]);
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, template ? { loadDataDir: template } : {});
  return wrap(drizzlePglite({ client, schema }) as unknown as Db, "pglite", undefined, () => client.close());
}

async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  return wrap(drizzlePg({ client: pool, schema }) as unknown as Db, "postgres", url, () => pool.end());
}

/** The same ping/close behaviour for both drivers: close once, and a closed database is not ready. */
function wrap(db: Db, driver: Database["driver"], url: string | undefined, end: () => Promise<void>): Database {
  let closed = false;
  return {
    db,
    driver,
    url,
    async ping() {
      if (closed) throw new Error("database is closed");
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await end();
    },
  };
}
