// The real server as its own process, started the way `npm start` starts it (`node scripts/start.mjs`,
// the supervisor, with the server as its child), for the fault scenarios: wait until /readyz answers,
// then signal it and see how it exits.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import { root } from "../lib.mjs";

/** Resolves true when something accepts TCP connections on 127.0.0.1:port. */
export function portAccepts(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** The server process the supervisor `pid` runs now (Linux: its only child), or null between restarts. */
export function supervisedServerPid(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).map(Number);
    return (
      children.find((child) => readFileSync(`/proc/${child}/cmdline`, "utf8").includes("supervised-server")) ?? null
    );
  } catch {
    return null;
  }
}

/**
 * Starts the server on `port` with `env` (DATA_DIR or DATABASE_URL, SEED_DEMO, …) and resolves once
 * /readyz answers 200. `exited` resolves with `{ code, signal, at }` (at: performance.now()).
 */
export async function startServer({ port, env, timeoutMs = 180_000 }) {
  if (await portAccepts(port)) throw new Error(`port ${port} is already in use`);
  const started = performance.now();
  // Its own process group, so a kill -9 also takes whatever the entry point started.
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      RATE_LIMIT_MAX: "100000",
      SEED_DEMO: "false",
      DATABASE_URL: "",
      ...env,
    },
  });
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk).slice(-32 * 1024);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  let gone = false;
  void exited.then(() => {
    gone = true;
  });

  const server = {
    pid: child.pid,
    baseUrl: `http://127.0.0.1:${port}`,
    readyMs: 0,
    exited,
    output: () => output,
    signal: (name) => process.kill(child.pid, name),
    /** The server process under the supervisor (null while it is being restarted). */
    serverPid: () => supervisedServerPid(child.pid),
    /**
     * SIGKILL to the supervisor's group and the server's own group (the server runs in a group of its
     * own): nothing it started survives (cleanup, and the kill -9 scenario, where the machine dies).
     */
    kill: () => {
      if (gone) return;
      const serverPid = supervisedServerPid(child.pid);
      for (const group of [serverPid, child.pid]) {
        try {
          if (group) process.kill(-group, "SIGKILL");
        } catch {}
      }
    },
  };
  const deadline = started + timeoutMs;
  while (performance.now() < deadline) {
    if (gone) throw new Error(`the server exited before it was ready:\n${output}`);
    try {
      const response = await fetch(`${server.baseUrl}/readyz`);
      if (response.ok) {
        server.readyMs = performance.now() - started;
        return server;
      }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  server.kill();
  throw new Error(`the server was not ready after ${timeoutMs} ms:\n${output}`);
}

/** Fills an empty `dataDir` with the demo workspace: a start that seeds it, then a clean stop. */
export async function seedDataDir({ port, dataDir }) {
  const server = await startServer({ port, env: { DATA_DIR: dataDir, SEED_DEMO: "true" } });
  server.signal("SIGTERM");
  const exit = await server.exited;
  if (exit.code !== 0) throw new Error(`the seeding run exited with ${exit.code ?? exit.signal}:\n${server.output()}`);
}
