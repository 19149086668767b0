// The sales API at scale: for 10k, 100k and 1M orders over 100 companies and twelve months,
// seed a fresh database and time the sales indicators, the leads breakdown and the quotes list over
// HTTP for a month's range, on PGlite and, when it answers, on PostgreSQL (a fresh database per run).
// Each run is its own process (apps/server/src/bench/sales-bench.ts) so no engine or cache carries over.
import { runWorker } from "./bench-worker.mjs";
import { enginesToMeasure, runOnEngine } from "./engines.mjs";
import { timingFigures } from "./stats.mjs";

const SIZES = [10_000, 100_000, 1_000_000];
const GOALS = { pglite: 60, postgres: 20 };
const ENDPOINTS = { salesIndicators: "sales indicators", leadsBreakdown: "leads breakdown", quotesList: "quotes list" };

const runOnce = async (args) => summarise(await runWorker("apps/server/src/bench/sales-bench.ts", args, "sales"));

function benchEngine(engine, orders) {
  const args = ["--engine", engine, "--orders", String(orders)];
  return runOnEngine(engine, `foreman_bench_${process.pid}_${orders}`, args, runOnce);
}

/** The worker's raw timings → p50, p95 and max per endpoint. */
function summarise(row) {
  const results = {};
  for (const [key, times] of Object.entries(row.results)) results[key] = timingFigures(times);
  return { ...row, results };
}

const ms = (value) => value.toFixed(1).padStart(6);

/** `only` limits the run to "pglite" or "postgres"; by default both (PostgreSQL when it answers). */
export async function benchSales({ sizes = SIZES, only } = {}) {
  const engines = await enginesToMeasure(only);
  const rows = [];
  for (const engine of engines) {
    for (const orders of sizes) {
      console.log(`\nSales API: seeding ${orders.toLocaleString("en-US")} orders on ${engine}…`);
      const row = await benchEngine(engine, orders);
      rows.push(row);
      for (const [key, label] of Object.entries(ENDPOINTS)) {
        const r = row.results[key];
        console.log(`  ${label}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`);
      }
    }
  }

  console.log("\nSales API over HTTP, a month's range, 200 requests each (ms)");
  console.log("engine    orders      endpoint           p50     p95     max   seed");
  for (const row of rows) {
    for (const [key, label] of Object.entries(ENDPOINTS)) {
      const r = row.results[key];
      console.log(
        `${row.engine.padEnd(9)} ${row.orders.toLocaleString("en-US").padStart(9)}  ${label.padEnd(17)} ${ms(r.p50)}  ${ms(r.p95)}  ${ms(r.max)}  ${(row.seedMs / 1000).toFixed(0)} s`,
      );
    }
  }

  // The goals: p95 at 1M within the engine's budget, and 1M at most 3× slower than 10k.
  let met = true;
  for (const engine of engines) {
    const small = rows.find((r) => r.engine === engine && r.orders === Math.min(...sizes));
    const large = rows.find((r) => r.engine === engine && r.orders === Math.max(...sizes));
    for (const [key, label] of Object.entries(ENDPOINTS)) {
      const p95 = large.results[key].p95;
      const ratio = p95 / small.results[key].p95;
      const ok = p95 <= GOALS[engine] && ratio <= 3;
      met &&= ok;
      console.log(
        `${ok ? "ok  " : "MISS"} ${engine} ${label}: p95 ${p95.toFixed(1)} ms at ${large.orders.toLocaleString("en-US")} (goal ≤ ${GOALS[engine]} ms), ${ratio.toFixed(2)}× the ${small.orders.toLocaleString("en-US")} figure (goal ≤ 3×)`,
      );
    }
  }
  return { rows, met };
}
