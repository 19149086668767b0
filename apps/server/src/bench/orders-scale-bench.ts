// One run of the ten-million-order benchmark, started by `npm run bench -- orders-scale`
// (scripts/bench/orders-scale.mjs): load a fresh PostgreSQL database with N orders over C companies
// with COPY (bulk-orders-workspace.ts), serve the real app on a local port, and time the dashboard's
// indicators, the leads breakdown, the orders list with a state filter and the per-employee outcomes
// over HTTP, interleaved request by request so the four see the same machine. Prints one JSON line with
// every timing (ms); with --explain, the plans of the endpoints' statements on stderr.
//
//   node --import tsx apps/server/src/bench/orders-scale-bench.ts --database-url URL --orders N
//        [--companies C] [--months M] [--samples S] [--port P] [--explain] [--reuse]
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { buildApp } from "#server/app.ts";
import { openDatabase } from "#server/db/client.ts";
import { prepareDatabase } from "#server/prepare-database.ts";
import { benchConfig, listenOnLoopback, roundMs, uncachedGet } from "./bench-app.ts";
import { raisePriority } from "./bench-priority.ts";
import { signInBenchUser } from "./bench-user.ts";
import { loadedScaleWorkspace, seedScaleWorkspace } from "./bulk-orders-workspace.ts";
import { explainEndpoints } from "./orders-scale-explain.ts";

const { values } = parseArgs({
  options: {
    orders: { type: "string", default: "1000000" },
    companies: { type: "string", default: "100" },
    // How many months of history each company's orders are spread over.
    months: { type: "string", default: "12" },
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
const months = Number(values.months);
const samples = Number(values.samples);
const WARM_UP = 20;

/** What is timed, for a month (the dashboard's and the orders screen's choice). */
const ENDPOINTS: Record<string, (companyId: string) => string> = {
  salesIndicators: (id) => `/app/companies/${id}/sales_indicators.json?relative_date=monthly`,
  leadsBreakdown: (id) => `/app/companies/${id}/leads_breakdowns.json?relative_date=monthly`,
  ordersByState: () => "/app/quotes.json?relative_date=monthly&q[state_eq]=completed",
  employeeOutcomes: () => "/app/ai_employees/outcomes.json?relative_date=monthly",
};

const { config, removeDataDir } = benchConfig("orders-scale", { DATABASE_URL: url, PORT: values.port });
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
        months,
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
  const base = await listenOnLoopback(app, Number(values.port));
  try {
    const token = await signInBenchUser(base);
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
        const answer = await uncachedGet(app, base + path(companyId), token, companyId);
        // On a loaded machine the first cold requests can outlast the pool's stall watch, whose probe
        // then connects too slowly and answers 503 (db/stalled-connections.ts): the warm-up waits it out.
        if (answer.status === 503 && i < WARM_UP) {
          warmUpRetries += 1;
          await new Promise((resolve) => setTimeout(resolve, 2000));
          continue;
        }
        if (!answer.ok) throw new Error(`${name}: HTTP ${answer.status} ${answer.body}`);
        // The first rounds warm the caches and the JIT.
        if (i >= WARM_UP) results[name]!.push(roundMs(answer.ms));
      }
    }
    const row = {
      engine: "postgres",
      orders: workspace.orders,
      companies,
      months,
      samples,
      seedMs: workspace.seedMs,
      results,
    };
    timingLoad.push(loadavg()[0]!);
    if (warmUpRetries > 0) log(`${warmUpRetries} warm-up requests answered 503 and were waited out`);
    process.stdout.write(`${JSON.stringify({ ...row, rows: workspace.rows, phases: workspace.phases, timingLoad })}\n`);
  } finally {
    await app.close();
    await database.close();
  }
} finally {
  removeDataDir();
}
