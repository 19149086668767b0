// Starts `npm start` on a given port and data directory, and waits until /readyz answers 200.
import { spawn } from "node:child_process";
import { root } from "../lib.mjs";

export async function startServer({ port, dataDir, timeoutMs = 60_000 }) {
  const started = performance.now();
  const child = spawn("npm", ["start", "--silent"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const deadline = started + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return { child, readyMs: performance.now() - started, output: () => output };
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill("SIGTERM");
  throw new Error(`server not ready after ${timeoutMs} ms:\n${output}`);
}

export function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on("exit", resolve);
    child.kill("SIGTERM");
  });
}
