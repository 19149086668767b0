// The tickets list at scale: seed a fresh database with as many orders as tickets (1,000,000 each on
// PostgreSQL, 100,000 on PGlite by default) over 100 companies, then time `GET /app/tickets.json` with
// a filter (`status=open&priority=high`, and `status=open` alone) beside the orders list with a state
// filter (`GET /app/quotes.json?q[state_eq]=completed`, a month's range), request by request in the same
// run. Goal: the tickets list's p95 within 1.5× the orders list's. Each run is its own process
// (apps/server/src/bench/tickets-bench.ts); PostgreSQL gets a fresh database, dropped afterwards.
//   npm run bench -- tickets [pglite|postgres] [size]      TICKETS_BENCH_EXPLAIN=1 prints the plans;
//   TICKETS_BENCH_TRY_INDEX=1 measures again with a candidate index for the counts (tickets-bench.ts).
import { runWorker } from "./bench-worker.mjs";
import { enginesToMeasure, runOnEngine } from "./engines.mjs";
import { timingFigures } from "./stats.mjs";

const SIZES = { pglite: 100_000, postgres: 1_000_000 };
const GOAL_RATIO = 1.5;
const ENDPOINTS = {
  quotesList: "orders list, state=completed",
  ticketsOpenHigh: "tickets, status=open&priority=high",
  ticketsOpen: "tickets, status=open",
};

const runOnce = async (args) => summarise(await runWorker("apps/server/src/bench/tickets-bench.ts", args, "tickets"));

function benchEngine(engine, size) {
  const args = ["--engine", engine, "--orders", String(size), "--tickets", String(size)];
  if (process.env.TICKETS_BENCH_EXPLAIN) args.push("--explain");
  if (process.env.TICKETS_BENCH_TRY_INDEX) args.push("--try-index");
  return runOnEngine(engine, `foreman_tickets_bench_${process.pid}_${size}`, args, runOnce);
}

/** The worker's raw timings → p50, p95 and max per endpoint. */
function summarise(row) {
  const figures = (timings) =>
    Object.fromEntries(Object.entries(timings).map(([key, times]) => [key, timingFigures(times)]));
  return { ...row, results: figures(row.results), withIndex: row.withIndex ? figures(row.withIndex) : undefined };
}

const ms = (value) => value.toFixed(1).padStart(6);

/** `only` limits the run to "pglite" or "postgres"; by default both (PostgreSQL when it answers). */
export async function benchTickets({ only, size } = {}) {
  const engines = await enginesToMeasure(only);
  const rows = [];
  for (const engine of engines) {
    const n = size ?? SIZES[engine];
    console.log(`\nTickets list: seeding ${n.toLocaleString("en-US")} orders and tickets on ${engine}…`);
    rows.push(await benchEngine(engine, n));
  }

  const rounds = rows.flatMap((row) => [
    { row, label: "", results: row.results },
    ...(row.withIndex ? [{ row, label: " + index", results: row.withIndex }] : []),
  ]);
  console.log("\nThe tickets list beside the orders list over HTTP, interleaved, 200 requests each (ms)");
  console.log("engine            tickets     orders      endpoint                              p50     p95     max");
  for (const { row, label, results } of rounds) {
    for (const [key, name] of Object.entries(ENDPOINTS)) {
      const r = results[key];
      console.log(
        `${(row.engine + label).padEnd(17)} ${row.tickets.toLocaleString("en-US").padStart(9)}  ${row.orders.toLocaleString("en-US").padStart(9)}  ${name.padEnd(36)} ${ms(r.p50)}  ${ms(r.p95)}  ${ms(r.max)}`,
      );
    }
  }
  for (const row of rows)
    console.log(
      `${row.engine}: seeded in ${(row.seedMs / 1000).toFixed(0)} s; one company's matches: ${JSON.stringify(row.matched)}`,
    );

  let met = true;
  for (const { row, label, results } of rounds) {
    const orders = results.quotesList.p95;
    for (const key of ["ticketsOpenHigh", "ticketsOpen"]) {
      const p95 = results[key].p95;
      const ratio = p95 / orders;
      const ok = ratio <= GOAL_RATIO;
      // The what-if round informs; the goal is the product's figure.
      if (!label) met &&= ok;
      console.log(
        `${ok ? "ok  " : "MISS"} ${row.engine}${label} ${ENDPOINTS[key]}: p95 ${p95.toFixed(1)} ms at ${row.tickets.toLocaleString("en-US")} tickets, ${ratio.toFixed(2)}× the orders list's ${orders.toFixed(1)} ms (goal ≤ ${GOAL_RATIO}×)`,
      );
    }
  }
  return { rows, met };
}
