// npm start's supervisor starts the server with its memory settings (scripts/server-memory.mjs), and
// whoever starts npm start can override the allocator's.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { root } from "../lib.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "foreman-server-memory-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Supervises a stand-in server that writes down its environment and flags, then stops; resolves them. */
async function startedWith(env) {
  const report = path.join(dir, `report-${Math.random().toString(36).slice(2)}.json`);
  const bundle = path.join(dir, "stand-in.mjs");
  writeFileSync(
    bundle,
    `import { writeFileSync } from "node:fs";
     import v8 from "node:v8";
     writeFileSync(process.env.REPORT, JSON.stringify({
       arenas: process.env.MALLOC_ARENA_MAX, threshold: process.env.MALLOC_MMAP_THRESHOLD_, execArgv: process.execArgv,
     }));
     process.exit(0);`,
  );
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { supervise } = await import(${JSON.stringify(path.join(root, "scripts/supervisor.mjs"))}); process.exitCode = await supervise(${JSON.stringify(bundle)});`,
    ],
    { stdio: "ignore", env: { ...process.env, ...env, REPORT: report } },
  );
  await new Promise((resolve) => child.once("exit", resolve));
  return JSON.parse(readFileSync(report, "utf8"));
}

describe("the server process's memory settings", () => {
  it("returns large freed blocks to the system, keeps two allocator arenas and bounds the heap's growth", async () => {
    const {
      MALLOC_ARENA_MAX: _arenas,
      MALLOC_MMAP_THRESHOLD_: _threshold,
      NODE_OPTIONS: _options,
      ...env
    } = process.env;
    const started = await startedWith({ ...env, NODE_OPTIONS: "" });
    expect(started).toEqual({ arenas: "2", threshold: "131072", execArgv: ["--heap-growing-percent=40"] });
  });

  it("leaves the allocator's settings to whoever starts npm start", async () => {
    const started = await startedWith({ MALLOC_ARENA_MAX: "4", MALLOC_MMAP_THRESHOLD_: "1048576" });
    expect(started).toMatchObject({ arenas: "4", threshold: "1048576" });
  });
});
