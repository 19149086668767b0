// Ten million orders on PostgreSQL (issue 33): load a fresh database with COPY, serve the real app and
// time the dashboard's indicators, the leads breakdown, the orders list with a state filter and the
// per-employee outcomes over HTTP for a month, interleaved, 200 requests each after 20 warm-up rounds,
// round-robin over 20 companies. Goals: p95 ≤ 20 ms at 10M, and 10M's p95 at most 2× 1M's. Each size
// is its own process (apps/server/src/bench/orders-scale-bench.ts) on its own database, dropped after.
//
// The database grows the way a product's does over a few years: more companies and longer histories,
// while one company's month stays about the same size (about 1,600 orders). 1M is 100 companies with a
// year of history each (10,000 orders); 10M is 250 companies with four years each (40,000 orders).
// `--dense` keeps 100 companies and one year at every size instead, so each company's month grows with
// the database (16,000 orders a month at 10M): the cost of one unusually busy company.
//   npm run bench -- orders-scale [sizes, comma-separated] [--explain] [--dense]    --explain (or
//   ORDERS_SCALE_EXPLAIN=1) prints the plans at the largest size; ORDERS_SCALE_DB names the scratch
//   databases (a prefix), ORDERS_SCALE_PORT the app's port (a free one by default).
import { loadavg } from "node:os";
import { ADMIN_URL, postgresAnswers } from "../postgres-admin.mjs";
import { runWorker } from "./bench-worker.mjs";
import { runOnEngine } from "./engines.mjs";
import { timingFigures } from "./stats.mjs";

const SIZES = [1_000_000, 10_000_000];
/** Companies, and months of history each, by size; other sizes (and --dense) use the 1M shape. */
const SHAPES = new Map([
  [1_000_000, { companies: 100, months: 12 }],
  [10_000_000, { companies: 250, months: 48 }],
]);
const DENSE = { companies: 100, months: 12 };
const GOAL_MS = 20;
const GOAL_RATIO = 2;
const ENDPOINTS = {
  salesIndicators: "sales indicators",
  leadsBreakdown: "leads breakdown",
  ordersByState: "orders list, state=completed",
  employeeOutcomes: "per-employee outcomes",
};

async function runOnce(args) {
  // The load average while it ran, sampled every 10 s (the machine is shared).
  const loads = [];
  const sampler = setInterval(() => loads.push(loadavg()[0]), 10_000);
  try {
    return { ...(await runWorker("apps/server/src/bench/orders-scale-bench.ts", args, "orders-scale")), loads };
  } finally {
    clearInterval(sampler);
  }
}

function benchSize(orders, shape, explain) {
  const args = ["--orders", String(orders), "--companies", String(shape.companies), "--months", String(shape.months)];
  if (explain) args.push("--explain");
  if (process.env.ORDERS_SCALE_PORT) args.push("--port", process.env.ORDERS_SCALE_PORT);
  const prefix = process.env.ORDERS_SCALE_DB ?? "foreman_orders_scale_bench";
  return runOnEngine("postgres", `${prefix}_${process.pid}_${orders}`, args, runOnce);
}
const ms = (value) => value.toFixed(1).padStart(6);
const count = (value) => value.toLocaleString("en-US");

/** `args`: the command line after the part's name (sizes, comma-separated, and --explain). */
export async function benchOrdersScale({ args = [] } = {}) {
  const listed = args.find((arg) => /^\d/.test(arg));
  const sizes = listed ? listed.split(",").map(Number) : SIZES;
  const explainLargest = args.includes("--explain") || Boolean(process.env.ORDERS_SCALE_EXPLAIN);
  const dense = args.includes("--dense");
  if (!(await postgresAnswers())) {
    console.log(`\nTen million orders: PostgreSQL does not answer at ${new URL(ADMIN_URL).host}; skipped.`);
    return { rows: [], met: false };
  }
  const rows = [];
  for (const orders of sizes) {
    const shape = (!dense && SHAPES.get(orders)) || DENSE;
    console.log(
      `\nTen million orders: loading ${count(orders)} orders over ${shape.companies} companies, ${shape.months} months each, on PostgreSQL…`,
    );
    const explain = explainLargest && orders === Math.max(...sizes);
    const row = await benchSize(orders, shape, explain);
    rows.push(row);
    for (const [key, label] of Object.entries(ENDPOINTS)) {
      const r = timingFigures(row.results[key]);
      console.log(`  ${label}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`);
    }
  }

  const small = rows[0];
  const large = rows.at(-1);
  console.log("\nThe four endpoints over HTTP, a month, interleaved, 200 requests each (ms)");
  console.log("engine       orders  endpoint                         p50     p95     max   goal      ratio");
  let met = true;
  for (const row of rows) {
    for (const [key, label] of Object.entries(ENDPOINTS)) {
      const r = timingFigures(row.results[key]);
      const isLarge = row === large && rows.length > 1;
      const ratio = isLarge ? r.p95 / timingFigures(small.results[key]).p95 : undefined;
      const ok = !isLarge || (r.p95 <= GOAL_MS && ratio <= GOAL_RATIO);
      if (isLarge) met &&= ok;
      console.log(
        `postgres ${count(row.orders).padStart(10)}  ${label.padEnd(29)} ${ms(r.p50)}  ${ms(r.p95)}  ${ms(r.max)}  ${isLarge ? `${ok ? "ok  " : "MISS"} ≤ ${GOAL_MS}` : "       "}  ${ratio ? `${ratio.toFixed(2)}×` : ""}`,
      );
    }
  }
  for (const row of rows) {
    const phases = Object.entries(row.phases)
      .map(([phase, value]) => `${phase} ${(value / 1000).toFixed(0)} s`)
      .join(", ");
    const loads =
      row.loads.length > 0 ? `${Math.min(...row.loads).toFixed(1)}–${Math.max(...row.loads).toFixed(1)}` : "n/a";
    const timing = row.timingLoad?.map((value) => value.toFixed(1)).join(" → ") ?? "n/a";
    console.log(
      `${count(row.orders)} orders (${row.companies} companies, ${row.months} months each): ${count(row.rows)} rows loaded in ${(row.seedMs / 1000).toFixed(0)} s (${phases}); load average ${loads} over the run, ${timing} over the timed requests`,
    );
  }
  if (rows.length > 1) {
    console.log(
      `${met ? "ok  " : "MISS"} at ${count(large.orders)} orders every p95 ≤ ${GOAL_MS} ms and ≤ ${GOAL_RATIO}× its ${count(small.orders)} figure`,
    );
  }
  return { rows, met };
}
