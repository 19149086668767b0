// `npm start`: build the SPA and the server when their builds are missing or stale, then run the
// precompiled server (migrations, demo seed on an empty database when SEED_DEMO is on — by default only
// for the embedded database outside production —, SPA + API on one port) under a supervisor that
// starts it again if it crashes (scripts/supervisor.mjs).
import { buildServerIfStale, buildWebIfStale, SERVER_BUNDLE } from "./lib.mjs";
import { supervise } from "./supervisor.mjs";

// The server's process boots meanwhile and loads its bundle once both builds are fresh.
async function prepare() {
  const code = await buildWebIfStale();
  if (code !== 0) {
    console.error("The web build failed; see the output above.");
    return code;
  }
  try {
    await buildServerIfStale();
    return 0;
  } catch (error) {
    console.error(`The server build failed: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
}
process.exitCode = await supervise(SERVER_BUNDLE, prepare);
