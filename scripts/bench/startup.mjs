// Start-up: `npm start` on an existing database and build, from spawn to a 200 from /readyz, against
// a bare script (bare-start.mjs: Fastify + PGlite on a copy of the same data, nothing else) timed
// alternately in the same run. Goal: at most 1.3× the bare script.
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServer, stopServer } from "./server-process.mjs";
import { percentile } from "./stats.mjs";

const GOAL_RATIO = 1.3;
const BARE = ["node", ["scripts/bench/bare-start.mjs"]];
// The same server launched without npm, to show what npm's own launch adds (the bare script has none).
const DIRECT = ["node", ["scripts/start.mjs"]];
// The precompiled server without its supervisor (as a systemd unit runs it): what supervision adds.
const UNSUPERVISED = ["node", ["apps/server/dist/server.mjs"]];

/** Spawn to exit, in ms. */
function timeExit(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd, stdio: "ignore" });
    child.once("error", reject);
    child.once("exit", () => resolve(performance.now() - started));
  });
}

/**
 * What `npm start` costs before our first line runs: `npm start` of a package whose start script is
 * `node -e 0`, less `node -e 0` itself, alternating. The bare script is launched without npm.
 */
async function npmLaunchMs(runs) {
  const dir = mkdtempSync(path.join(tmpdir(), "foreman-bench-npm-"));
  try {
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true, scripts: { start: "node -e 0" } }));
    const withNpm = [];
    const withoutNpm = [];
    for (let i = 0; i < runs; i++) {
      withNpm.push(await timeExit("npm", ["start", "--silent"], dir));
      withoutNpm.push(await timeExit("node", ["-e", "0"], dir));
    }
    return percentile(withNpm, 50) - percentile(withoutNpm, 50);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchStartup({ runs = 7, port = 3190 } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "foreman-bench-"));
  const bareDir = mkdtempSync(path.join(tmpdir(), "foreman-bench-bare-"));
  try {
    const first = await startServer({ port, dataDir });
    await stopServer(first.child, port);
    cpSync(dataDir, bareDir, { recursive: true });
    const times = [];
    const bareTimes = [];
    const directTimes = [];
    const unsupervisedTimes = [];
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
      const unsupervised = await startServer({ port, dataDir, command: UNSUPERVISED });
      unsupervisedTimes.push(unsupervised.readyMs);
      await stopServer(unsupervised.child, port);
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
    const directRatio = directMedian / bareMedian;
    console.log(
      `  node scripts/start.mjs (what npm start runs, without npm), ${runs} runs: median ${directMedian.toFixed(0)} ms, ${directRatio.toFixed(2)}× the bare script`,
    );
    const unsupervisedMedian = percentile(unsupervisedTimes, 50);
    console.log(
      `  node apps/server/dist/server.mjs (no supervisor), ${runs} runs: median ${unsupervisedMedian.toFixed(0)} ms; the supervisor adds ${(directMedian - unsupervisedMedian).toFixed(0)} ms`,
    );
    const npmMs = await npmLaunchMs(runs);
    console.log(
      `  npm's own launch (npm start of \`node -e 0\`, less node -e 0): ${npmMs.toFixed(0)} ms, ${(npmMs / bareMedian).toFixed(2)}× the bare script by itself`,
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
    const verdict = (value) => (value <= GOAL_RATIO ? "ok  " : "MISS");
    console.log(`${verdict(ratio)} npm start: ${ratio.toFixed(2)}× the bare script (goal ≤ ${GOAL_RATIO}×)`);
    console.log(
      `${verdict(directRatio)} the server alone (node scripts/start.mjs): ${directRatio.toFixed(2)}× the bare script (goal ≤ ${GOAL_RATIO}×)`,
    );
    return { firstMs: first.readyMs, times, bareTimes, directTimes, unsupervisedTimes, ratio, directRatio, npmMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bareDir, { recursive: true, force: true });
  }
}
