// Starts `npm start` on a given port and data directory, and waits until /readyz answers 200.
import { spawn } from "node:child_process";
import { closeSync, openSync, readSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { root } from "../lib.mjs";

async function portAnswers(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`);
    return true;
  } catch {
    return false;
  }
}

/**
 * `command` is `npm start` by default; the start-up bench also starts a bare script the same way. With
 * `tls` (local-tls.mjs) the server answers HTTPS with the run's own certificate.
 */
export async function startServer({
  port,
  dataDir,
  timeoutMs = 60_000,
  env = {},
  command = ["npm", ["start", "--silent"]],
  tls,
}) {
  if (await portAnswers(port)) throw new Error(`port ${port} is already in use; stop what runs there first`);
  // What it prints goes to a file, as a deployed server's logs would: reading a busy server's
  // LOG_LEVEL=info lines through a pipe cost this process (the one running autocannon) CPU.
  const logFile = path.join(tmpdir(), `foreman-server-${port}-${process.pid}.log`);
  const logFd = openSync(logFile, "w");
  const started = performance.now();
  // Its own process group, so stopping it also stops the node process npm starts.
  const child = spawn(command[0], command[1], {
    detached: true,
    cwd: root,
    // The benchmarks work on the demo workspace, on PGlite and PostgreSQL alike: asked for explicitly,
    // as a DATABASE_URL start seeds nothing by default.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      SEED_DEMO: "true",
      ...tls?.env,
      ...env,
    },
    stdio: ["ignore", logFd, logFd],
  });
  closeSync(logFd);
  child.once("exit", () => setTimeout(() => rmSync(logFile, { force: true }), 60_000).unref());
  const output = () => tailOf(logFile);
  const deadline = started + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = tls
        ? await tls.fetch(`https://localhost:${port}/readyz`)
        : await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return { child, readyMs: performance.now() - started, output };
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  process.kill(-child.pid, "SIGTERM");
  throw new Error(`server not ready after ${timeoutMs} ms:\n${output()}`);
}

/** The last 64 KB the server printed (for error messages and the start-up phases). */
function tailOf(file, bytes = 64 * 1024) {
  try {
    const size = statSync(file).size;
    const fd = openSync(file, "r");
    try {
      const buffer = Buffer.alloc(Math.min(size, bytes));
      readSync(fd, buffer, 0, buffer.length, size - buffer.length);
      return buffer.toString("utf8");
    } finally {
      closeSync(fd);
    }
  } catch {
    return "";
  }
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
