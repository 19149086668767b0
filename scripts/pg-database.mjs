// Creates or drops a PostgreSQL database on the server of PG_ADMIN_URL (used by .ci/run).
import pg from "pg";

const [action, name] = process.argv.slice(2);
if (!/^(create|drop)$/.test(action ?? "") || !/^[a-z0-9_]+$/.test(name ?? "")) {
  console.error("usage: node scripts/pg-database.mjs create|drop <name>");
  process.exit(2);
}
const client = new pg.Client({
  connectionString: process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
});
await client.connect();
try {
  await client.query(action === "create" ? `CREATE DATABASE ${name}` : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
} finally {
  await client.end();
}
