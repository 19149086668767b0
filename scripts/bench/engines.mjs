// The two database engines a benchmark measures: which of them this run takes, and a worker's run on
// one of them (PostgreSQL always on a fresh database of its own, dropped afterwards).
import { ADMIN_URL, postgresAnswers, withScratchDatabase } from "../postgres-admin.mjs";

/** `only` ("pglite" or "postgres") limits the run to that engine; by default both, PostgreSQL when it answers. */
export async function enginesToMeasure(only) {
  const engines = only === "postgres" ? [] : ["pglite"];
  if (only !== "pglite") {
    if (await postgresAnswers()) engines.push("postgres");
    else console.log(`\nPostgreSQL does not answer at ${new URL(ADMIN_URL).host}; measuring PGlite only.`);
  }
  return engines;
}

/**
 * `run(args)` on the engine: as it is on PGlite; on PostgreSQL with `--database-url` naming a scratch
 * database called `database`, created for the run and dropped after it.
 */
export function runOnEngine(engine, database, args, run) {
  if (engine === "pglite") return run(args);
  return withScratchDatabase(database, (url) => run([...args, "--database-url", url]));
}
