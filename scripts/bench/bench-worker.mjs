// A benchmark's worker: its TypeScript run in a process of its own (so no engine, cache or JIT state
// carries over from one run to the next), its stderr passed through as progress, and the last line it
// prints on stdout read as its JSON result.
import { spawn } from "node:child_process";
import { root } from "../lib.mjs";

/** Runs `script` (a path from the repository root) with `args`; answers its result. `name` is for errors. */
export function runWorker(script, args, name) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1);
      if (code === 0 && line) resolve(JSON.parse(line));
      else reject(new Error(`${name} bench (${args.join(" ")}) exited with ${code}`));
    });
  });
}
