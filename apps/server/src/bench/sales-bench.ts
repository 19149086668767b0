// One run of the sales benchmark, started by `npm run bench` (scripts/bench/sales.mjs):
// seed a fresh database with N orders over many companies, serve the real app on a local port, and
// time the dashboard's and the orders list's calls over HTTP. Prints one JSON line with every timing (ms).
//
//   node --import tsx apps/server/src/bench/sales-bench.ts --engine pglite|postgres --orders N
//        [--companies C] [--samples S] [--database-url URL]
import { parseArgs } from "node:util";
import { buildApp } from "#server/app.ts";
import { openDatabase } from "#server/db/client.ts";
import { prepareDatabase } from "#server/prepare-database.ts";
import { benchConfig, listenOnLoopback, roundMs, uncachedGet } from "./bench-app.ts";
import { signInBenchUser } from "./bench-user.ts";
import { seedBenchWorkspace } from "./bench-workspace.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "pglite" },
    orders: { type: "string", default: "10000" },
    companies: { type: "string", default: "100" },
    samples: { type: "string", default: "200" },
    "database-url": { type: "string" },
  },
});
const engine = values.engine === "postgres" ? "postgres" : "pglite";
const orders = Number(values.orders);
const companies = Number(values.companies);
const samples = Number(values.samples);
if (engine === "postgres" && !values["database-url"]) throw new Error("--database-url is required for postgres");

const { config, removeDataDir } = benchConfig("sales-bench", {
  DATABASE_URL: engine === "postgres" ? values["database-url"] : undefined,
});
const database = await openDatabase(config);
try {
  await prepareDatabase(database, { seedDemo: false });
  const log = (line: string) => process.stderr.write(`  [${engine} ${orders}] ${line}\n`);
  const workspace = await seedBenchWorkspace(database.db, {
    orders,
    companies,
    onProgress: (done) => {
      if (done % Math.max(1, Math.floor(companies / 5)) === 0) log(`seeded ${done}/${companies} companies`);
    },
  });
  log(`seeded ${workspace.orders} orders in ${(workspace.seedMs / 1000).toFixed(0)} s`);

  const app = await buildApp({ config, database });
  const base = await listenOnLoopback(app);
  try {
    const token = await signInBenchUser(base);
    // Round-robin over some companies, so one company's pages are not always hot in the cache.
    const rotation = workspace.companyIds.slice(0, 20);
    const endpoints: Record<string, (companyId: string) => string> = {
      salesIndicators: (id) => `/app/companies/${id}/sales_indicators.json?relative_date=monthly`,
      leadsBreakdown: (id) => `/app/companies/${id}/leads_breakdowns.json?relative_date=monthly`,
      quotesList: () => "/app/quotes.json?relative_date=monthly",
    };
    const results: Record<string, number[]> = {};
    for (const [name, url] of Object.entries(endpoints)) {
      const times: number[] = [];
      for (let i = 0; i < samples + 20; i++) {
        const companyId = rotation[i % rotation.length]!;
        const answer = await uncachedGet(app, base + url(companyId), token, companyId);
        if (!answer.ok) throw new Error(`${name}: HTTP ${answer.status}`);
        if (i >= 20) times.push(roundMs(answer.ms)); // the first 20 warm the caches and the JIT
      }
      results[name] = times;
    }
    const row = { engine, orders: workspace.orders, companies, samples, seedMs: workspace.seedMs, results };
    process.stdout.write(`${JSON.stringify(row)}\n`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  removeDataDir();
}
