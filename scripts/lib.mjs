// Small helpers shared by the repo scripts (start, test, bench).
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", ...options });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on("error", () => resolve(127));
  });
}

/** Newest modification time (ms) of any file under the given paths. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== "node_modules" && entry !== "dist") visit(path.join(p, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(path.resolve(root, p));
  return newest;
}

const webInputs = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/package.json",
  "packages/contract/src",
  "package-lock.json",
];

/** True when apps/web/dist is missing or older than the sources it is built from. */
export function webBuildIsStale() {
  const built = path.join(root, "apps/web/dist/index.html");
  if (!existsSync(built)) return true;
  return newestMtime(webInputs) > statSync(built).mtimeMs;
}

export async function buildWebIfStale() {
  if (!webBuildIsStale()) return 0;
  console.log("Building the web app (apps/web/dist is missing or older than its sources)…");
  // Always the production build: a start from a test run (NODE_ENV=test, e.g. the fault scenarios)
  // would otherwise leave React's development build in apps/web/dist for every later start.
  return run("npm", ["run", "build", "-w", "@foreman/web", "--silent"], {
    env: { ...process.env, NODE_ENV: "production" },
  });
}

/** The precompiled server `npm start` runs (scripts/build-server.mjs makes it). */
export const SERVER_BUNDLE = path.join(root, "apps/server/dist/server.mjs");

const serverInputs = ["apps/server/src", "apps/server/package.json", "packages/contract/src", "package-lock.json"];

/** True when the precompiled server is missing or older than its sources (or than its own build script). */
export function serverBuildIsStale() {
  if (!existsSync(SERVER_BUNDLE)) return true;
  return newestMtime([...serverInputs, "scripts/build-server.mjs"]) > statSync(SERVER_BUNDLE).mtimeMs;
}

export async function buildServerIfStale() {
  if (!serverBuildIsStale()) return;
  const { buildServer } = await import("./build-server.mjs");
  await buildServer();
}
