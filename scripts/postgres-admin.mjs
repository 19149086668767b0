// The PostgreSQL server of PG_ADMIN_URL: whether it answers, and scratch databases for benchmarks and CI.
import pg from "pg";

export const ADMIN_URL = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function postgresAnswers() {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs one statement on the admin database (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function admin(statement) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates a fresh database, runs `use(url)` on it and drops it afterwards. */
export async function withScratchDatabase(name, use) {
  await admin(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
