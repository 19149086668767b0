// Creates or drops a PostgreSQL database on the server of PG_ADMIN_URL (used by .ci/run).
import { admin } from "./postgres-admin.mjs";

const [action, name] = process.argv.slice(2);
if (!/^(create|drop)$/.test(action ?? "") || !/^[a-z0-9_]+$/.test(name ?? "")) {
  console.error("usage: node scripts/pg-database.mjs create|drop <name>");
  process.exit(2);
}
await admin(action === "create" ? `CREATE DATABASE ${name}` : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
