// `npm run bench -- api`: API throughput under 50 connections, as a ratio to a raw `node:http`
// hello-world measured alongside (this machine is shared and noisy: absolute figures drift, ratios hold).
// The real server (`npm start`, LOG_LEVEL=info so its request logs are part of the cost) runs on a
// demo workspace on PGlite and, when it answers, on a scratch PostgreSQL database.
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { ADMIN_URL, postgresAnswers, withScratchDatabase } from "../postgres-admin.mjs";
import { startServer, stopServer } from "./server-process.mjs";
import { signIn } from "./sign-in.mjs";

const ENDPOINTS = ["/app/me.json", "/app/ai_departments.json", "/app/conversations.json", "/app/tasks.json"];
const GOALS = { pglite: { ratio: 0.2 }, postgres: { ratio: 0.3 }, p99Ms: 50 };
const CONNECTIONS = 50;

function load(url, headers, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function startRaw(port) {
  const child = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), "raw-hello.mjs"), {
    env: { ...process.env, PORT: String(port) },
  });
  await new Promise((resolve) => child.once("message", resolve));
  return child;
}

const ROUNDS = 4;

/** Several equal-length runs as one: requests per second over all of them, the worst round's latencies. */
const combined = (results) => ({
  rps: results.reduce((sum, r) => sum + r.requests.total, 0) / results.reduce((sum, r) => sum + r.duration, 0),
  p50: Math.max(...results.map((r) => r.latency.p50)),
  p99: Math.max(...results.map((r) => r.latency.p99)),
  failures: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
});

async function benchEngine(engine, { seconds, databaseUrl, endpoints }) {
  const port = 3192;
  const dataDir = mkdtempSync(path.join(tmpdir(), "foreman-bench-"));
  const env = { LOG_LEVEL: "info", RATE_LIMIT_MAX: "100000000", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const { child } = await startServer({ port, dataDir, env });
  const raw = await startRaw(port + 1);
  try {
    const base = `http://127.0.0.1:${port}`;
    const { token, companyId } = await signIn(base);
    const headers = { authorization: `Bearer ${token}`, "x-company-id": companyId };
    await load(`${base}${ENDPOINTS[0]}`, headers, 2); // warm-up: JIT, pools, caches
    const rows = [];
    for (const endpoint of endpoints) {
      // Short alternating rounds, so both sides see the same machine: a neighbour's burst lands on both.
      const rounds = [];
      for (let round = 0; round < ROUNDS; round++) {
        const rawRound = await load(`http://127.0.0.1:${port + 1}/`, {}, seconds / ROUNDS);
        const appRound = await load(`${base}${endpoint}`, headers, seconds / ROUNDS);
        rounds.push({ raw: rawRound, app: appRound });
      }
      const app = combined(rounds.map((r) => r.app));
      const raw = combined(rounds.map((r) => r.raw));
      const ratio = app.rps / raw.rps;
      rows.push({ engine, endpoint, app, raw, ratio });
      console.log(
        `  ${engine} ${endpoint}: ${app.rps.toFixed(0)} req/s (raw ${raw.rps.toFixed(0)}), p50 ${app.p50} ms, p99 ${app.p99} ms, ratio ${ratio.toFixed(3)}${app.failures ? `, ${app.failures} failed` : ""}`,
      );
    }
    return rows;
  } finally {
    raw.kill();
    await stopServer(child, port);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `only` limits the run to "pglite" or "postgres" (by default both, PostgreSQL when it answers);
 * `endpoints` to some of ENDPOINTS (`npm run bench -- api pglite /app/me.json`).
 */
export async function benchApi({ only, seconds = 10, endpoints = [] } = {}) {
  if (only === "both") only = undefined;
  const unknown = endpoints.filter((endpoint) => !ENDPOINTS.includes(endpoint));
  if (unknown.length)
    throw new Error(`Not an API bench endpoint: ${unknown.join(", ")}. Known: ${ENDPOINTS.join(", ")}`);
  if (!endpoints.length) endpoints = ENDPOINTS;
  const rows = [];
  if (only !== "postgres") {
    console.log(`\nAPI throughput on PGlite, ${CONNECTIONS} connections, ${seconds} s per endpoint`);
    rows.push(...(await benchEngine("pglite", { seconds, endpoints })));
  }
  if (only !== "pglite") {
    if (await postgresAnswers()) {
      console.log(`\nAPI throughput on PostgreSQL, ${CONNECTIONS} connections, ${seconds} s per endpoint`);
      rows.push(
        ...(await withScratchDatabase(`foreman_api_bench_${process.pid}`, (databaseUrl) =>
          benchEngine("postgres", { seconds, databaseUrl, endpoints }),
        )),
      );
    } else console.log(`\nPostgreSQL does not answer at ${new URL(ADMIN_URL).host}; measuring PGlite only.`);
  }

  console.log("\nengine    endpoint                     req/s    raw req/s  ratio   p50 ms  p99 ms  failed");
  for (const r of rows) {
    console.log(
      `${r.engine.padEnd(9)} ${r.endpoint.padEnd(26)} ${r.app.rps.toFixed(0).padStart(8)} ${r.raw.rps.toFixed(0).padStart(11)}  ${r.ratio.toFixed(3)} ${String(r.app.p50).padStart(7)} ${String(r.app.p99).padStart(7)} ${String(r.app.failures).padStart(7)}`,
    );
  }
  let met = true;
  for (const r of rows) {
    const ok = r.ratio >= GOALS[r.engine].ratio && r.app.p99 <= GOALS.p99Ms && r.app.failures === 0;
    met &&= ok;
    console.log(
      `${ok ? "ok  " : "MISS"} ${r.engine} ${r.endpoint}: ratio ${r.ratio.toFixed(3)} (goal ≥ ${GOALS[r.engine].ratio}), p99 ${r.app.p99} ms (goal ≤ ${GOALS.p99Ms} ms)`,
    );
  }
  return { rows, met };
}
