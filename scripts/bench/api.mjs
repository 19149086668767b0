// `npm run bench -- api`: API throughput under 50 connections, as a ratio to a raw `node:http`
// hello-world measured alongside (this machine is shared and noisy: absolute figures drift, ratios hold),
// with each answer's size and the serving process's memory: RSS from /proc (the PGlite worker is a thread
// in it) and the V8 heap, idle before, at the peak during and idle after each endpoint's load.
// The real server (`npm start`, LOG_LEVEL=info so its request logs are part of the cost) runs on a
// demo workspace on PGlite and, when it answers, on a scratch PostgreSQL database.
// API_BENCH_SECONDS (10) is each endpoint's load, API_BENCH_PORT (3192) the server's port (the raw
// server takes the next one), API_BENCH_DATABASE the scratch database's name.
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { ADMIN_URL, postgresAnswers, withScratchDatabase } from "../postgres-admin.mjs";
import {
  cpuNow,
  cpuSecondsOf,
  cpuSince,
  matchSchedulingGroup,
  mb,
  memoryNow,
  memoryProbeEnv,
  sampleMemory,
  servingPid,
} from "./process-usage.mjs";
import { startServer, stopServer } from "./server-process.mjs";
import { signIn } from "./sign-in.mjs";

const REFERENCE = "/app/me.json";
const ENDPOINTS = [
  REFERENCE,
  "/app/ai_departments.json",
  "/app/conversations.json",
  "/app/tasks.json",
  "/app/ai_employees/outcomes.json",
  "/app/tickets.json",
  // The dashboard's aggregate reads (issue 33's ten-million-order set); `:company` is the signed-in company.
  "/app/companies/:company/sales_indicators.json",
  "/app/companies/:company/leads_breakdowns.json",
  "/app/quotes.json",
];
/** The lists the issue 33 goal is about (ratio ≥ 0.10 on PostgreSQL). */
const LISTS = new Set([
  "/app/conversations.json",
  "/app/tasks.json",
  "/app/ai_employees/outcomes.json",
  "/app/tickets.json",
]);
const GOALS = {
  reference: { pglite: 0.2, postgres: 0.3, p99Ms: 50 },
  lists: { postgres: 0.1 },
  /** One PGlite process with the demo data, idle and under load. */
  pgliteRssBytes: 512 * 1024 * 1024,
};
const CONNECTIONS = 50;
const ROUNDS = 4;
/** After a load, before the "after" reading: time for the answers in flight and a GC to settle. */
const SETTLE_MS = 1000;

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

/** The server's CPU per answer, plus its PostgreSQL backends' when there are any. */
const cpuText = ({ server, backends }) => `${server.toFixed(2)}${backends ? ` + ${backends.toFixed(2)} db` : ""}`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (at most 10 s) until the serving process uses under a fifth of a core: its backlog is served. */
async function quiet(pid) {
  const window = 100;
  for (let waited = 0; waited < 10_000; waited += window) {
    const start = cpuSecondsOf(pid);
    await sleep(window);
    if ((cpuSecondsOf(pid) - start) * 1000 < window / 5) return;
  }
}

/** Several equal-length runs as one: requests per second over all of them, the worst round's latencies. */
const combined = (results) => ({
  rps: results.reduce((sum, r) => sum + r.requests.total, 0) / results.reduce((sum, r) => sum + r.duration, 0),
  p50: Math.max(...results.map((r) => r.latency.p50)),
  p99: Math.max(...results.map((r) => r.latency.p99)),
  failures: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
});

/** The answer's size in bytes as the client receives it (no compression is asked for, as autocannon asks none). */
async function answerBytes(url, headers) {
  const response = await fetch(url, { headers: { ...headers, "accept-encoding": "identity" } });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.toString().slice(0, 200)}`);
  return body.length;
}

async function benchEngine(engine, { seconds, databaseUrl, database, endpoints, port }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "foreman-bench-"));
  const probe = memoryProbeEnv();
  const env = {
    LOG_LEVEL: "info",
    RATE_LIMIT_MAX: "100000000",
    ...probe.env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  // An empty database is migrated and seeded first: a minute or more on a busy machine.
  const { child } = await startServer({ port, dataDir, env, timeoutMs: 240_000 });
  const raw = await startRaw(port + 1);
  try {
    const pid = servingPid(child.pid);
    const scheduled = matchSchedulingGroup(pid);
    const base = `http://127.0.0.1:${port}`;
    const { token, companyId } = await signIn(base);
    const headers = { authorization: `Bearer ${token}`, "x-company-id": companyId };
    await sleep(SETTLE_MS);
    const started = memoryNow(probe.dir, pid);
    console.log(
      `  ${engine}: serving process ${pid}${scheduled ? "" : " (in a scheduling group of its own)"}, idle after start-up: RSS ${mb(started.rss)} MB, heap ${mb(started.heap)} MB`,
    );
    await load(`${base}${REFERENCE}`, headers, 2); // warm-up: JIT, pools, caches
    const rows = [];
    for (const endpoint of endpoints) {
      const url = `${base}${endpoint.replace(":company", companyId)}`;
      const bytes = await answerBytes(url, headers);
      await sleep(SETTLE_MS);
      const before = memoryNow(probe.dir, pid);
      // Short alternating rounds, so both sides see the same machine: a neighbour's burst lands on both.
      const rounds = [];
      const cpu = { server: 0, backends: 0 };
      const sampler = sampleMemory(probe.dir, pid);
      for (let round = 0; round < ROUNDS; round++) {
        const rawRound = await load(`http://127.0.0.1:${port + 1}/`, {}, seconds / ROUNDS);
        const cpuStart = cpuNow(pid, database);
        const appRound = await load(url, headers, seconds / ROUNDS);
        // The answers still in flight when the round ended are finished (and counted) before the next.
        await quiet(pid);
        const used = cpuSince(cpuStart, pid, database);
        cpu.server += used.server;
        cpu.backends += used.backends;
        rounds.push({ raw: rawRound, app: appRound });
      }
      const peak = sampler.stop();
      await sleep(SETTLE_MS);
      const after = memoryNow(probe.dir, pid);
      const app = combined(rounds.map((r) => r.app));
      const raw = combined(rounds.map((r) => r.raw));
      const ratio = app.rps / raw.rps;
      const memory = { before, peak, after };
      // CPU milliseconds per request (every one sent is served): what the machine's load cannot
      // inflate the way it does latency.
      const requests = rounds.reduce((sum, r) => sum + r.app.requests.sent, 0) || 1;
      const cpuMs = { server: (cpu.server * 1000) / requests, backends: (cpu.backends * 1000) / requests };
      rows.push({ engine, endpoint, bytes, app, raw, ratio, memory, cpuMs });
      console.log(
        `  ${engine} ${endpoint} (${bytes} B): ${app.rps.toFixed(0)} req/s (raw ${raw.rps.toFixed(0)}), p50 ${app.p50} ms, p99 ${app.p99} ms, ratio ${ratio.toFixed(3)}${app.failures ? `, ${app.failures} failed` : ""}; CPU ${cpuText(cpuMs)} ms/request; RSS ${mb(before.rss)} → ${mb(peak.rss)} → ${mb(after.rss)} MB, heap ${mb(before.heap)} → ${mb(peak.heap)} → ${mb(after.heap)} MB`,
      );
    }
    return { rows, started };
  } finally {
    raw.kill();
    await stopServer(child, port);
    probe.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Each row against its goal: the reference's ratio and p99, a list's ratio on PostgreSQL; PGlite's RSS. */
function verdicts(rows) {
  const lines = [];
  for (const r of rows) {
    if (r.endpoint === REFERENCE) {
      const goal = GOALS.reference[r.engine];
      const ok = r.ratio >= goal && r.app.p99 <= GOALS.reference.p99Ms && r.app.failures === 0;
      lines.push({
        ok,
        text: `${r.engine} ${r.endpoint}: ratio ${r.ratio.toFixed(3)} (goal ≥ ${goal}), p99 ${r.app.p99} ms (goal ≤ ${GOALS.reference.p99Ms} ms)`,
      });
    } else if (LISTS.has(r.endpoint) && GOALS.lists[r.engine] !== undefined) {
      const goal = GOALS.lists[r.engine];
      const ok = r.ratio >= goal && r.app.failures === 0;
      lines.push({
        ok,
        text: `${r.engine} ${r.endpoint}: ratio ${r.ratio.toFixed(3)} (goal ≥ ${goal}), ${r.bytes} B answers`,
      });
    }
    if (r.engine === "pglite") {
      const worst = Math.max(r.memory.before.rss ?? 0, r.memory.peak.rss, r.memory.after.rss ?? 0);
      lines.push({
        ok: worst <= GOALS.pgliteRssBytes,
        text: `pglite ${r.endpoint}: RSS at most ${mb(worst)} MB (goal ≤ ${mb(GOALS.pgliteRssBytes)} MB)`,
      });
    }
  }
  return lines;
}

/**
 * `only` limits the run to "pglite" or "postgres" (by default both, PostgreSQL when it answers);
 * `endpoints` to some of ENDPOINTS (`npm run bench -- api pglite /app/me.json`).
 */
export async function benchApi({
  only,
  seconds = Number(process.env.API_BENCH_SECONDS ?? 10),
  endpoints = [],
  port = Number(process.env.API_BENCH_PORT ?? 3192),
} = {}) {
  if (only === "both") only = undefined;
  const unknown = endpoints.filter((endpoint) => !ENDPOINTS.includes(endpoint));
  if (unknown.length)
    throw new Error(`Not an API bench endpoint: ${unknown.join(", ")}. Known: ${ENDPOINTS.join(", ")}`);
  if (!endpoints.length) endpoints = ENDPOINTS;
  const rows = [];
  if (only !== "postgres") {
    console.log(`\nAPI throughput on PGlite, ${CONNECTIONS} connections, ${seconds} s per endpoint`);
    rows.push(...(await benchEngine("pglite", { seconds, endpoints, port })).rows);
  }
  if (only !== "pglite") {
    if (await postgresAnswers()) {
      console.log(`\nAPI throughput on PostgreSQL, ${CONNECTIONS} connections, ${seconds} s per endpoint`);
      const database = process.env.API_BENCH_DATABASE ?? `foreman_api_bench_${process.pid}`;
      const run = await withScratchDatabase(database, (databaseUrl) =>
        benchEngine("postgres", { seconds, databaseUrl, database, endpoints, port }),
      );
      rows.push(...run.rows);
    } else console.log(`\nPostgreSQL does not answer at ${new URL(ADMIN_URL).host}; measuring PGlite only.`);
  }

  console.log(
    "\nengine    endpoint                          bytes    req/s  raw req/s  ratio  p50 ms  p99 ms  failed  CPU ms/req (+db)  RSS MB idle/peak/after  heap MB idle/peak/after",
  );
  for (const r of rows) {
    const { before, peak, after } = r.memory;
    console.log(
      `${r.engine.padEnd(9)} ${r.endpoint.replace("/app/companies/:company/", "…/").padEnd(31)} ${String(r.bytes).padStart(7)} ${r.app.rps.toFixed(0).padStart(8)} ${r.raw.rps.toFixed(0).padStart(10)}  ${r.ratio.toFixed(3)} ${String(r.app.p50).padStart(7)} ${String(r.app.p99).padStart(7)} ${String(r.app.failures).padStart(7)}  ${cpuText(r.cpuMs).padStart(16)}  ${`${mb(before.rss)}/${mb(peak.rss)}/${mb(after.rss)}`.padStart(22)}  ${`${mb(before.heap)}/${mb(peak.heap)}/${mb(after.heap)}`.padStart(23)}`,
    );
  }
  let met = true;
  for (const { ok, text } of verdicts(rows)) {
    met &&= ok;
    console.log(`${ok ? "ok  " : "MISS"} ${text}`);
  }
  return { rows, met };
}
