// One run of the sales benchmark, started by `npm run bench` (scripts/bench/sales.mjs):
// seed a fresh database with N orders over many companies, serve the real app on a local port, and
// time the dashboard's and the orders list's calls over HTTP. Prints one JSON line with every timing (ms).
//
//   node --import tsx apps/server/src/bench/sales-bench.ts --engine pglite|postgres --orders N
//        [--companies C] [--samples S] [--database-url URL]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { CLIENT_ID_HEADER, COMPANY_ID_HEADER, WEB_CLIENT_ID } from "@foreman/contract";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { prepareDatabase } from "#server/prepare-database.ts";
import { BENCH_EMAIL, BENCH_PASSWORD, seedBenchWorkspace } from "./bench-workspace.ts";

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

const dataDir = mkdtempSync(path.join(tmpdir(), "foreman-sales-bench-"));
const config = loadConfig({
  DATABASE_URL: engine === "postgres" ? values["database-url"] : undefined,
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  SEED_DEMO: "false",
  PORT: "0",
  HOST: "127.0.0.1",
  // The benchmark is one client asking as fast as it can; the per-client limit is not under test.
  RATE_LIMIT_MAX: "100000000",
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
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  try {
    const token = await signIn(base);
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
        const started = performance.now();
        const response = await fetch(base + url(companyId), {
          headers: {
            authorization: `Bearer ${token}`,
            [CLIENT_ID_HEADER]: WEB_CLIENT_ID,
            [COMPANY_ID_HEADER]: companyId,
          },
        });
        await response.arrayBuffer();
        const elapsed = performance.now() - started;
        if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
        if (i >= 20) times.push(elapsed); // the first 20 warm the caches and the JIT
      }
      results[name] = times.map((t) => Math.round(t * 100) / 100);
    }
    const row = { engine, orders: workspace.orders, companies, samples, seedMs: workspace.seedMs, results };
    process.stdout.write(`${JSON.stringify(row)}\n`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
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
