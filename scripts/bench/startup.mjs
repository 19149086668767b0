// Start-up: `npm start` on an existing database and build, from spawn to a 200 from /readyz, against
// a bare script (bare-start.mjs: Fastify + PGlite on a copy of the same data, nothing else) timed
// alternately in the same run. Goal: at most 1.3× the bare script.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServer, stopServer } from "./server-process.mjs";
import { percentile } from "./stats.mjs";

const GOAL_RATIO = 1.3;
const BARE = ["node", ["scripts/bench/bare-start.mjs"]];
// The same server launched without npm, to show what npm's own launch adds (the bare script has none).
const DIRECT = ["node", ["scripts/start.mjs"]];

export async function benchStartup({ runs = 5, port = 3190 } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "foreman-bench-"));
  const bareDir = mkdtempSync(path.join(tmpdir(), "foreman-bench-bare-"));
  try {
    const first = await startServer({ port, dataDir });
    await stopServer(first.child, port);
    cpSync(dataDir, bareDir, { recursive: true });
    const times = [];
    const bareTimes = [];
    const directTimes = [];
    const phases = [];
    for (let i = 0; i < runs; i++) {
      // LOG_LEVEL=debug: the server logs its start-up phases (server.ts).
      const app = await startServer({ port, dataDir, env: { LOG_LEVEL: "debug" } });
      times.push(app.readyMs);
      const logged = /"phases":(\{[^}]*\})/.exec(app.output());
      if (logged) phases.push(JSON.parse(logged[1]));
      await stopServer(app.child, port);
      const bare = await startServer({ port, dataDir: bareDir, command: BARE });
      bareTimes.push(bare.readyMs);
      await stopServer(bare.child, port);
      const direct = await startServer({ port, dataDir, command: DIRECT });
      directTimes.push(direct.readyMs);
      await stopServer(direct.child, port);
    }
    const median = percentile(times, 50);
    const bareMedian = percentile(bareTimes, 50);
    const ratio = median / bareMedian;
    console.log("\nStart-up (spawn → /readyz 200), PGlite");
    console.log(`  empty database (migrate + demo seed): ${first.readyMs.toFixed(0)} ms`);
    console.log(
      `  npm start, existing database, ${runs} runs: median ${median.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
    );
    console.log(
      `  bare Fastify + PGlite script, same data, ${runs} runs: median ${bareMedian.toFixed(0)} ms, max ${Math.max(...bareTimes).toFixed(0)} ms`,
    );
    const directMedian = percentile(directTimes, 50);
    console.log(
      `  node scripts/start.mjs (no npm), ${runs} runs: median ${directMedian.toFixed(0)} ms, ${(directMedian / bareMedian).toFixed(2)}× the bare script`,
    );
    if (phases.length > 0) {
      const names = Object.keys(phases[0]);
      const line = names
        .map(
          (name) =>
            `${name} ${percentile(
              phases.map((p) => p[name]),
              50,
            )}`,
        )
        .join(", ");
      console.log(`  npm start phases, median ms since its process began: ${line}`);
    }
    console.log(
      `${ratio <= GOAL_RATIO ? "ok  " : "MISS"} start-up ratio ${ratio.toFixed(2)}× the bare script (goal ≤ ${GOAL_RATIO}×)`,
    );
    return { firstMs: first.readyMs, times, bareTimes, directTimes, ratio };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bareDir, { recursive: true, force: true });
  }
}
