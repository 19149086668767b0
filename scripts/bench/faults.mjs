// `npm run bench -- faults`: the fault scenarios at length, with their figures. `npm test` runs short
// versions (scripts/faults/faults.test.mjs); here:
//  - SIGTERM under load: three runs per engine, 12 writers for 5 s, then every acknowledged write checked;
//  - kill -9 during writes on PGlite: five rounds of writes, kill, restart and check;
//  - PostgreSQL unreachable: the server test that puts a proxy between the app and the database
//    (apps/server/src/modules/health/database-outage.test.ts), which prints its timings.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { missingWrites, signInDemo } from "../faults/api.mjs";
import { kill9DuringWrites } from "../faults/kill9.mjs";
import { seedDataDir, startServer } from "../faults/server-process.mjs";
import { sigtermUnderLoad } from "../faults/sigterm.mjs";
import { run } from "../lib.mjs";
import { ADMIN_URL, postgresAnswers, withScratchDatabase } from "../postgres-admin.mjs";

const RUNS = 3;
const OUTAGE_TEST = "apps/server/src/modules/health/database-outage.test.ts";
const LOAD = { writers: 12, loadMs: 5000 };

async function missingOnPglite(dataDir, port, acknowledged) {
  const server = await startServer({ port, env: { DATA_DIR: dataDir } });
  try {
    return (await missingWrites(server.baseUrl, await signInDemo(server.baseUrl), acknowledged)).length;
  } finally {
    server.signal("SIGTERM");
    await server.exited;
  }
}

async function missingOnPostgres(url, acknowledged) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = acknowledged.map((write) => write.id);
    const { rows } = await client.query("select count(*)::int as n from messages where id = any($1::uuid[])", [ids]);
    return ids.length - rows[0].n;
  } finally {
    await client.end();
  }
}

const row = (engine, run, missing) => {
  const refused = run.outcomes.filter((o) => o.afterSignal && o.status !== 201).length;
  return `${engine.padEnd(10)} exit ${run.exit.code ?? run.exit.signal}  ${String(Math.round(run.shutdownMs)).padStart(5)} ms after SIGTERM  ${String(Math.round(run.closeMs)).padStart(4)} ms after the last request  ${String(run.acknowledged.length).padStart(5)} acknowledged, ${missing} missing  ${refused} attempts refused after SIGTERM  in flight: ${run.inFlightStatuses.join(" ")}  stream: ${run.streamEnd}`;
};

export async function benchFaults({ port = 3370 } = {}) {
  const base = mkdtempSync(path.join(tmpdir(), "foreman-bench-faults-"));
  const copy = (name) => {
    const dir = path.join(base, name);
    cpSync(path.join(base, "seeded"), dir, { recursive: true });
    return dir;
  };
  try {
    console.log("\nFault scenarios: seeding a PGlite data directory…");
    await seedDataDir({ port, dataDir: path.join(base, "seeded") });
    const lines = [];
    for (let i = 0; i < RUNS; i++) {
      const dataDir = copy(`sigterm-${i}`);
      const result = await sigtermUnderLoad({ port: port + 1, env: { DATA_DIR: dataDir }, ...LOAD });
      lines.push(row("PGlite", result, await missingOnPglite(dataDir, port + 2, result.acknowledged)));
      console.log(`  ${lines.at(-1)}`);
    }
    const postgres = await postgresAnswers();
    if (postgres) {
      for (let i = 0; i < RUNS; i++) {
        await withScratchDatabase(`foreman_bench_faults_${process.pid}_${i}`, async (url) => {
          const result = await sigtermUnderLoad({ port: port + 3, env: { DATABASE_URL: url }, ...LOAD });
          lines.push(row("PostgreSQL", result, await missingOnPostgres(url, result.acknowledged)));
          console.log(`  ${lines.at(-1)}`);
        });
      }
    } else console.log(`  PostgreSQL does not answer at ${new URL(ADMIN_URL).host}: SIGTERM measured on PGlite only.`);

    const killed = await kill9DuringWrites({
      port: port + 10,
      dataDir: copy("kill9"),
      rounds: 5,
      writers: 12,
      loadMs: 3000,
    });

    console.log("\nSIGTERM under load (12 writers for 5 s, 3 requests in flight, an open event stream)");
    for (const line of lines) console.log(`  ${line}`);
    console.log("\nkill -9 during writes on PGlite (12 writers, 5 rounds)");
    for (const [i, restart] of killed.restarts.entries())
      console.log(
        `  restart ${i + 1}: ready in ${Math.round(restart.readyMs)} ms, ${restart.checked} acknowledged writes checked, ${restart.missing} missing`,
      );
    console.log(
      `  kills that cut requests off: ${killed.killsMidRequest} of 5; last stop: exit ${killed.lastExit.code}`,
    );

    if (postgres) {
      console.log("\nPostgreSQL unreachable mid-traffic (proxy between the app and the database)");
      await run("npx", ["vitest", "run", "--project", "server", OUTAGE_TEST, "--reporter=dot"], {
        env: { ...process.env, TEST_DB: "postgres", DATABASE_URL: ADMIN_URL },
      });
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
