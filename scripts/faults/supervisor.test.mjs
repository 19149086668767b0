// npm start's supervisor (scripts/supervisor.mjs) on small stand-in servers: it restarts a server that
// dies after it was ready, gives up after 5 crashes within a minute, does not retry a first start that
// never got ready, and passes a stop signal to the server exactly once (a Ctrl-C reaches the whole
// terminal's process group, and a second signal would cut the server's graceful shutdown short).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { root } from "../lib.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "foreman-supervisor-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for server.mjs: `body` runs as the module's code (top-level await resolves = listening). */
function standIn(name, body) {
  const file = path.join(dir, `${name}.mjs`);
  writeFileSync(file, body);
  return file;
}

/**
 * Runs the supervisor on `bundle` in a process of its own; resolves its exit code and output. `prepare`
 * is the source of the function that checks the builds (what start.mjs hands it).
 */
function superviseInProcess(bundle, prepare = "async () => 0") {
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { supervise } = await import(${JSON.stringify(path.join(root, "scripts/supervisor.mjs"))}); process.exitCode = await supervise(${JSON.stringify(bundle)}, ${prepare});`,
    ],
    { stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve({ code, output: () => output })));
  return { child, exited, output: () => output };
}

describe("npm start's supervisor", () => {
  it("starts a crashed server again with backoff, and gives up after 5 crashes within a minute", async () => {
    const runs = path.join(dir, "runs.log");
    const bundle = standIn(
      "crashing",
      `import { appendFileSync } from "node:fs";
       appendFileSync(${JSON.stringify(runs)}, Date.now() + "\\n");
       setTimeout(() => process.exit(3), 50);`,
    );
    const started = performance.now();
    const { exited } = superviseInProcess(bundle);
    const { code, output } = await exited;
    expect(code).toBe(1);
    const starts = readFileSync(runs, "utf8").trim().split("\n").map(Number);
    expect(starts).toHaveLength(5);
    // 1 s, 2 s, 4 s, 8 s between the starts.
    const gaps = starts.slice(1).map((at, i) => at - starts[i]);
    for (const [i, gap] of gaps.entries()) expect(gap).toBeGreaterThanOrEqual(1000 * 2 ** i);
    expect(output()).toMatch(/exited with code 3; starting it again in 1 s\./);
    expect(output()).toMatch(/5 crashes within a minute, giving up\./);
    expect(performance.now() - started).toBeGreaterThan(15_000);
  });

  it("does not retry a first start that never got to listening, and exits with its code", async () => {
    const bundle = standIn("bad-config", `console.error("Invalid configuration: PORT"); process.exit(1);`);
    const { code, output } = await superviseInProcess(bundle).exited;
    expect(code).toBe(1);
    expect(output()).not.toMatch(/starting it again/);
  });

  it("does not leave the server running when the supervisor itself is killed with kill -9", async () => {
    const pidFile = path.join(dir, "server.pid");
    const bundle = standIn(
      "long-running",
      `import { writeFileSync } from "node:fs";
       writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
       setInterval(() => {}, 1000);`,
    );
    const run = superviseInProcess(bundle);
    const deadline = Date.now() + 30_000;
    let serverPid = 0;
    while (!serverPid && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      try {
        serverPid = Number(readFileSync(pidFile, "utf8"));
      } catch {}
    }
    expect(serverPid).toBeGreaterThan(0);
    process.kill(run.child.pid, "SIGKILL");
    await run.exited;
    const alive = () => {
      try {
        process.kill(serverPid, 0);
        return true;
      } catch {
        return false;
      }
    };
    // Up to 30 s on a busy machine; the loop ends as soon as the server is gone.
    const until = Date.now() + 30_000;
    while (alive() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(alive()).toBe(false);
  });

  it("passes SIGINT sent to its whole process group to the server once, and exits with the server's code", async () => {
    const signals = path.join(dir, "signals.log");
    const listening = path.join(dir, "graceful.ready");
    const bundle = standIn(
      "graceful",
      `import { appendFileSync, writeFileSync } from "node:fs";
       const keepAlive = setInterval(() => {}, 1000);
       for (const name of ["SIGINT", "SIGTERM"])
         process.on(name, () => {
           appendFileSync(${JSON.stringify(signals)}, name + "\\n");
           setTimeout(() => { clearInterval(keepAlive); process.exit(0); }, 300);
         });
       writeFileSync(${JSON.stringify(listening)}, "ready");`,
    );
    const run = superviseInProcess(bundle);
    // Once the server has its handlers (a fixed 1.5 s could pass first on a busy machine, and the
    // signal then killed it outright).
    const deadline = Date.now() + 30_000;
    while (!existsSync(listening) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(listening)).toBe(true);
    // What a Ctrl-C in the terminal does: the signal to every process of the foreground group.
    process.kill(-run.child.pid, "SIGINT");
    const { code } = await run.exited;
    expect(code).toBe(0);
    expect(readFileSync(signals, "utf8").trim().split("\n")).toEqual(["SIGINT"]);
  });

  it("loads the server only once the builds are checked, and never when a build fails", async () => {
    const marker = path.join(dir, "loaded.log");
    const bundle = standIn(
      "records-its-load",
      `import { appendFileSync } from "node:fs";
       appendFileSync(${JSON.stringify(marker)}, Date.now() + "\\n");
       process.exit(0);`,
    );
    const failed = await superviseInProcess(bundle, "async () => 7").exited;
    expect(failed.code).toBe(7);
    expect(() => readFileSync(marker, "utf8")).toThrow();

    const checkedAt = path.join(dir, "checked.log");
    const slowCheck = `async () => { await new Promise((r) => setTimeout(r, 800)); (await import("node:fs")).writeFileSync(${JSON.stringify(checkedAt)}, String(Date.now())); return 0; }`;
    const { code } = await superviseInProcess(bundle, slowCheck).exited;
    expect(code).toBe(0);
    expect(Number(readFileSync(marker, "utf8").trim())).toBeGreaterThanOrEqual(Number(readFileSync(checkedAt, "utf8")));
  });
});
