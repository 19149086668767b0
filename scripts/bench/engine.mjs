// The built-in engine's reply time: every conversation of the eval set replayed through the built-in
// provider's complete() with the tools answered in memory and no database in the timed passes
// (apps/server/src/bench/engine-bench.ts, in a process of its own). Reports p50/p95/max per reply (all
// the model calls of one customer message) and per call, beside JSON.parse(JSON.stringify()) of the same
// requests as the baseline. Goal: p95 per reply ≤ 50 ms.
//
//   npm run bench -- engine            (ENGINE_BENCH_ROUNDS=3 timed passes after one warm-up)
import { runWorker } from "./bench-worker.mjs";
import { timingFigures } from "./stats.mjs";

const GOAL_P95_MS = 50;

const runBench = (rounds) => runWorker("apps/server/src/bench/engine-bench.ts", ["--rounds", String(rounds)], "engine");
const ms = (value) => value.toFixed(2).padStart(8);

export async function benchEngine({ rounds = Number(process.env.ENGINE_BENCH_ROUNDS ?? 3) } = {}) {
  console.log("\nBuilt-in engine: the conversation set replayed through complete(), tools in memory…");
  const row = await runBench(rounds);
  if (row.replyMs.length === 0) {
    console.log("  No conversation to replay (apps/server/src/evals/conversations is empty).");
    return { row, met: false };
  }
  const lines = [
    ["per reply", timingFigures(row.replyMs), timingFigures(row.baselineReplyMs), row.replyMs.length],
    ["per call", timingFigures(row.callMs), timingFigures(row.baselineCallMs), row.callMs.length],
  ];
  console.log(
    `  ${row.conversations} conversations × ${row.rounds} rounds; ${row.skipped.length} skipped (their setup needs the database)${row.skipped.length ? `: ${row.skipped.join(", ")}` : ""}`,
  );
  console.log(`  ${row.stepCaps} replies ran out of model calls (handed to staff)`);
  console.log("\n               count       p50       p95       max   baseline p50   baseline p95   p95 ratio");
  for (const [label, engine, baseline, count] of lines)
    console.log(
      `  ${label.padEnd(10)} ${String(count).padStart(7)}  ${ms(engine.p50)}  ${ms(engine.p95)}  ${ms(engine.max)}  ${ms(baseline.p50).padStart(13)}  ${ms(baseline.p95).padStart(13)}  ${(engine.p95 / Math.max(baseline.p95, 0.001)).toFixed(1).padStart(9)}×`,
    );
  const p95 = lines[0][1].p95;
  const met = p95 <= GOAL_P95_MS;
  console.log(
    `\n${met ? "ok  " : "MISS"} built-in engine: p95 ${p95.toFixed(2)} ms per reply (goal ≤ ${GOAL_P95_MS} ms)`,
  );
  return { row, met };
}
