// Server integration tests on a real database: always on embedded PGlite, and also on PostgreSQL
// when DATABASE_URL is set (each test file then creates and drops its own fresh database).
import { runVitest } from "./vitest-run.mjs";

export async function runServerTests() {
  const results = [];
  console.log("\n▶ Server tests on PGlite (embedded PostgreSQL)");
  results.push(await runVitest(["--project", "server"], "server-pglite", { TEST_DB: "pglite" }));
  if (process.env.DATABASE_URL) {
    console.log("\n▶ Server tests on PostgreSQL (DATABASE_URL)");
    results.push(await runVitest(["--project", "server"], "server-postgres", { TEST_DB: "postgres" }));
  } else {
    console.log("\nDATABASE_URL is not set: the PostgreSQL run of the server tests is not part of this run.");
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await runServerTests();
  process.exit(results.every((r) => r.code === 0) ? 0 : 1);
}
