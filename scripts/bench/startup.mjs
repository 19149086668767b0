import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServer, stopServer } from "./server-process.mjs";
import { percentile } from "./stats.mjs";

export async function benchStartup({ runs = 5, port = 3190 } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "foreman-bench-"));
  try {
    const first = await startServer({ port, dataDir });
    await stopServer(first.child, port);
    const times = [];
    for (let i = 0; i < runs; i++) {
      const { child, readyMs } = await startServer({ port, dataDir });
      times.push(readyMs);
      await stopServer(child, port);
    }
    console.log("\nStart-up (`npm start` → /readyz 200), PGlite");
    console.log(`  empty database (migrate + demo seed): ${first.readyMs.toFixed(0)} ms`);
    console.log(
      `  existing database, ${runs} runs: median ${percentile(times, 50).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (goal ≤ 3000 ms)`,
    );
    return { firstMs: first.readyMs, times };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
