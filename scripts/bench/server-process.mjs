// Starts `npm start` on a given port and data directory, and waits until /readyz answers 200.
import { spawn } from "node:child_process";
import { root } from "../lib.mjs";

async function portAnswers(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`);
    return true;
  } catch {
    return false;
  }
}

/** `command` is `npm start` by default; the start-up bench also starts a bare script the same way. */
export async function startServer({
  port,
  dataDir,
  timeoutMs = 60_000,
  env = {},
  command = ["npm", ["start", "--silent"]],
}) {
  if (await portAnswers(port)) throw new Error(`port ${port} is already in use; stop what runs there first`);
  const started = performance.now();
  // Its own process group, so stopping it also stops the node process npm starts.
  const child = spawn(command[0], command[1], {
    detached: true,
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The tail of what it printed, for error messages (a busy server at LOG_LEVEL=info prints a lot).
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk).slice(-64 * 1024);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const deadline = started + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return { child, readyMs: performance.now() - started, output: () => output };
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  process.kill(-child.pid, "SIGTERM");
  throw new Error(`server not ready after ${timeoutMs} ms:\n${output}`);
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function stopServer(child, port) {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.on("exit", resolve));
    process.kill(-child.pid, "SIGTERM");
    await exited;
  }
  // npm may exit before its child has closed the port and its database: wait for the whole group.
  while (port && (await portAnswers(port))) await new Promise((r) => setTimeout(r, 20));
  while (groupAlive(child.pid)) await new Promise((r) => setTimeout(r, 20));
}
