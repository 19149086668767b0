// One run of the ten-million-order benchmark, started by `npm run bench -- orders-scale`
// (scripts/bench/orders-scale.mjs): load a fresh PostgreSQL database with N orders over C companies
// with COPY (bulk-orders-workspace.ts), serve the real app on a local port, and time the dashboard's
// indicators, the leads breakdown, the orders list with a state filter and the per-employee outcomes
// over HTTP, interleaved request by request so the four see the same machine. Prints one JSON line with
// every timing (ms); with --explain, the plans of the endpoints' statements on stderr.
//
//   node --import tsx apps/server/src/bench/orders-scale-bench.ts --database-url URL --orders N
//        [--companies C] [--samples S] [--port P] [--explain] [--reuse]
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { CLIENT_ID_HEADER, COMPANY_ID_HEADER, WEB_CLIENT_ID } from "@foreman/contract";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { prepareDatabase } from "#server/prepare-database.ts";
import { raisePriority } from "./bench-priority.ts";
import { BENCH_EMAIL, BENCH_PASSWORD } from "./bench-workspace.ts";
import { loadedScaleWorkspace, seedScaleWorkspace } from "./bulk-orders-workspace.ts";
import { explainEndpoints } from "./orders-scale-explain.ts";

const { values } = parseArgs({
  options: {
    orders: { type: "string", default: "1000000" },
    companies: { type: "string", default: "100" },
    samples: { type: "string", default: "200" },
    port: { type: "string", default: "0" },
    "database-url": { type: "string" },
    explain: { type: "boolean", default: false },
    // Times a database loaded by an earlier run (kept by running this worker alone) instead of loading one.
    reuse: { type: "boolean", default: false },
  },
});
const url = values["database-url"];
if (!url) throw new Error("--database-url is required (PostgreSQL only)");
const orders = Number(values.orders);
const companies = Number(values.companies);
const samples = Number(values.samples);
const WARM_UP = 20;

/** What is timed, for a month (the dashboard's and the orders screen's choice). */
const ENDPOINTS: Record<string, (companyId: string) => string> = {
  salesIndicators: (id) => `/app/companies/${id}/sales_indicators.json?relative_date=monthly`,
  leadsBreakdown: (id) => `/app/companies/${id}/leads_breakdowns.json?relative_date=monthly`,
  ordersByState: () => "/app/quotes.json?relative_date=monthly&q[state_eq]=completed",
  employeeOutcomes: () => "/app/ai_employees/outcomes.json?relative_date=monthly",
};

const dataDir = mkdtempSync(path.join(tmpdir(), "foreman-orders-scale-"));
const config = loadConfig({
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  SEED_DEMO: "false",
  PORT: values.port,
  HOST: "127.0.0.1",
  // The benchmark is one client asking as fast as it can; the per-client limit is not under test.
  RATE_LIMIT_MAX: "100000000",
});
const log = (line: string) => process.stderr.write(`  [postgres ${orders.toLocaleString("en-US")}] ${line}\n`);
try {
  // The app's pool is opened only once the data is in: its stall watch (db/stalled-connections.ts) may
  // drop every pooled connection while a long bulk statement keeps a loaded machine busy.
  const migrating = await openDatabase(config);
  await prepareDatabase(migrating, { seedDemo: false }).finally(() => migrating.close());
  const workspace = values.reuse
    ? await loadedScaleWorkspace(url)
    : await seedScaleWorkspace(url, {
        orders,
        companies,
        onProgress: (done) => {
          if (done % Math.max(1, Math.floor(companies / 10)) === 0) log(`loaded ${done}/${companies} companies`);
        },
      });
  const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
  log(
    `seeded ${workspace.orders.toLocaleString("en-US")} orders (${workspace.rows.toLocaleString("en-US")} rows) in ${seconds(workspace.seedMs)}: ` +
      Object.entries(workspace.phases)
        .map(([phase, ms]) => `${phase} ${seconds(ms)}`)
        .join(", "),
  );
  if (values.explain) await explainEndpoints(url, workspace.companyIds[0]!, log);

  const database = await openDatabase(config);
  const app = await buildApp({ config, database }).catch(async (error) => {
    await database.close();
    throw error;
  });
  await app.listen({ port: Number(values.port), host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : values.port}`;
  try {
    const token = await signIn(base);
    await raisePriority(url);
    // Round-robin over some companies, so one company's pages are not always hot in the cache.
    const rotation = workspace.companyIds.slice(0, 20);
    const results: Record<string, number[]> = Object.fromEntries(Object.keys(ENDPOINTS).map((key) => [key, []]));
    let warmUpRetries = 0;
    // The 1-minute load average when the timed requests start and end: the machine is shared.
    const timingLoad: number[] = [];
    for (let i = 0; i < samples + WARM_UP; i++) {
      // By the end of the warm-up the app's pool has all its connections: raise their backends too.
      if (i === WARM_UP) {
        await raisePriority(url);
        timingLoad.push(loadavg()[0]!);
      }
      const companyId = rotation[i % rotation.length]!;
      for (const [name, path] of Object.entries(ENDPOINTS)) {
        const started = performance.now();
        const response = await fetch(base + path(companyId), {
          headers: {
            authorization: `Bearer ${token}`,
            [CLIENT_ID_HEADER]: WEB_CLIENT_ID,
            [COMPANY_ID_HEADER]: companyId,
          },
        });
        const body = await response.arrayBuffer();
        const elapsed = performance.now() - started;
        // On a loaded machine the first cold requests can outlast the pool's stall watch, whose probe
        // then connects too slowly and answers 503 (db/stalled-connections.ts): the warm-up waits it out.
        if (response.status === 503 && i < WARM_UP) {
          warmUpRetries += 1;
          await new Promise((resolve) => setTimeout(resolve, 2000));
          continue;
        }
        if (!response.ok) throw new Error(`${name}: HTTP ${response.status} ${Buffer.from(body).toString()}`);
        // The first rounds warm the caches and the JIT.
        if (i >= WARM_UP) results[name]!.push(Math.round(elapsed * 100) / 100);
      }
    }
    const row = { engine: "postgres", orders: workspace.orders, companies, samples, seedMs: workspace.seedMs, results };
    timingLoad.push(loadavg()[0]!);
    if (warmUpRetries > 0) log(`${warmUpRetries} warm-up requests answered 503 and were waited out`);
    process.stdout.write(`${JSON.stringify({ ...row, rows: workspace.rows, phases: workspace.phases, timingLoad })}\n`);
  } finally {
    await app.close();
    await database.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/json", [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
    body: JSON.stringify({
      grant_type: "password",
      username: BENCH_EMAIL,
      password: BENCH_PASSWORD,
      client_id: WEB_CLIENT_ID,
    }),
  });
  if (!response.ok) throw new Error(`sign-in failed: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
