// `npm start`: build the SPA and the server when their builds are missing or stale, then run the
// precompiled server (migrations, demo seed on an empty database when SEED_DEMO is on — by default only
// for the embedded database outside production —, SPA + API on one port) under a supervisor that
// starts it again if it crashes (scripts/supervisor.mjs).
import { buildServerIfStale, buildWebIfStale, SERVER_BUNDLE } from "./lib.mjs";
import { supervise } from "./supervisor.mjs";

const code = await buildWebIfStale();
if (code !== 0) {
  console.error("The web build failed; see the output above.");
  process.exit(code);
}
try {
  await buildServerIfStale();
} catch (error) {
  console.error(`The server build failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
process.exitCode = await supervise(SERVER_BUNDLE);
