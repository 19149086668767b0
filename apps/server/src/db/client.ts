import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { ClientConfig } from "pg";
import { type NotificationListener, PgliteThread } from "./pglite-thread.ts";
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
  /**
   * PGlite only: the database's NOTIFYs (the data-change channel), each before the answer of the
   * statement that committed it. PostgreSQL's reach other connections: the event bus LISTENs for them.
   */
  onNotification?: (listener: NotificationListener) => () => void;
  /**
   * PGlite only: reopens the database in a fresh thread once a bulk load is done, returning the memory the
   * load made PGlite grow (PgliteThread.renew). Only while nothing else queries it.
   */
  renew?: () => Promise<void>;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PGlite only: start from a dump (`dumpDataDir`) instead of an empty cluster; tests use it to skip initdb. */
  pgliteTemplate?: Blob;
  /** PGlite only: an open already under way (server.ts starts it before the app's modules load). */
  pgliteClient?: PgliteThread;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.pgliteClient ?? new PgliteThread(options.dataDir, options.pgliteTemplate));
}

/**
 * PGlite's handle is ready before its data directory is: queries wait for the open (and fail with its
 * error), so the caller can build on it meanwhile (server.ts builds the app while PGlite opens).
 */
async function openPglite(client: PgliteThread): Promise<Database> {
  const { drizzle: drizzlePglite } = await import("drizzle-orm/pglite");
  // The thread's client answers drizzle's calls (query, transaction) as PGlite's own does.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  return {
    ...wrap(db, "pglite", undefined, () => client.close()),
    onNotification: (l) => client.onNotification(l),
    renew: () => client.renew(),
  };
}

/**
 * How soon the app notices that PostgreSQL cannot be reached (modules/health/README.md): an API call
 * answers 503 within about 1.5 s instead of hanging. Statements themselves have no time limit: the
 * 1M-order reports, the bench seed's index builds and migrations are slow but legitimate, so a dead
 * server is told from a slow query on the connection side instead.
 */
export const POSTGRES_BOUNDS = {
  /** Opening a connection: a server that refuses, or accepts and never answers, fails it after this. */
  connectMs: 1000,
  /** Waiting for a free pooled connection when all are busy (load, not an outage). */
  poolWaitMs: 5000,
  /** A pooled connection busy this long makes the pool check that the server still answers… */
  stallMs: 400,
  /** …and again this often while it stays busy (a slow query on a live server is left alone). */
  recheckMs: 2000,
  /** TCP keepalive's first probe on an idle connection, so a vanished host is noticed without traffic. */
  keepAliveMs: 10_000,
} as const;

async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { watchStalledConnections }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("./stalled-connections.ts"),
  ]);
  const connection = {
    connectionString: url,
    keepAlive: true,
    keepAliveInitialDelayMillis: POSTGRES_BOUNDS.keepAliveMs,
  };
  // pg-pool uses one connectionTimeoutMillis for opening a connection and for waiting for a free one;
  // the first must be short (a dead server), the second not (a busy pool), so the client sets its own.
  class BoundedClient extends pg.Client {
    constructor(config?: ClientConfig) {
      super({ ...config, connectionTimeoutMillis: POSTGRES_BOUNDS.connectMs });
    }
  }
  const pool = new pg.Pool({
    ...connection,
    Client: BoundedClient,
    max: 10,
    connectionTimeoutMillis: POSTGRES_BOUNDS.poolWaitMs,
  });
  // A connection that fails must not crash the process: pg-pool listens for errors on idle clients
  // only, and pg emits one on a checked-out client too (inside a transaction) besides failing its query.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const watch = watchStalledConnections(pool, {
    stallMs: POSTGRES_BOUNDS.stallMs,
    recheckMs: POSTGRES_BOUNDS.recheckMs,
    probe: async () => {
      const probe = new BoundedClient({ ...connection, query_timeout: POSTGRES_BOUNDS.connectMs });
      probe.on("error", () => {});
      try {
        await probe.connect();
        await probe.query("select 1");
      } finally {
        await probe.end().catch(() => {});
      }
    },
  });
  return wrap(drizzlePg({ client: pool, schema }) as unknown as Db, "postgres", url, async () => {
    watch.stop();
    // Resolves once every connection is told to end, without waiting for a silent server's goodbye.
    await pool.end();
  });
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
