// What the data-change notices (migration 0024's triggers, for the answer cache) cost a write: a staff
// reply over HTTP and a one-row UPDATE in SQL, timed in alternating blocks with the triggers enabled and
// disabled, on PGlite and on PostgreSQL (apps/server/src/bench/write-cost-bench.ts).
//   npm run bench -- write-cost [pglite|postgres]
import { runWorker } from "./bench-worker.mjs";
import { enginesToMeasure, runOnEngine } from "./engines.mjs";
import { timingFigures } from "./stats.mjs";

const WRITES = { reply: "staff reply, POST …/messages.json", update: "one-row UPDATE of a conversation" };

const runOnce = (args) => runWorker("apps/server/src/bench/write-cost-bench.ts", args, "write-cost");
const ms = (value) => value.toFixed(2).padStart(7);
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

export async function benchWriteCost({ only } = {}) {
  const engines = await enginesToMeasure(only);
  const rows = [];
  for (const engine of engines) {
    console.log(`\nWrite cost of the data-change notices on ${engine}…`);
    rows.push(await runOnEngine(engine, `foreman_write_cost_${process.pid}`, ["--engine", engine], runOnce));
  }
  console.log("\nWrites with the notices' triggers on and off, alternating blocks (ms)");
  console.log("engine    write                                  on p50   off p50   on p95  off p95   mean on − off");
  for (const row of rows) {
    for (const [key, name] of Object.entries(WRITES)) {
      const { on, off } = row.results[key];
      const a = timingFigures(on);
      const b = timingFigures(off);
      console.log(
        `${row.engine.padEnd(9)} ${name.padEnd(36)} ${ms(a.p50)}  ${ms(b.p50)}  ${ms(a.p95)}  ${ms(b.p95)}  ${ms(mean(on) - mean(off))} (${on.length} each)`,
      );
    }
  }
  return rows;
}
