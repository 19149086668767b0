// `npm start`: build the SPA and the server when their builds are missing or stale, then run the
// precompiled server in this process (migrations, demo seed on an empty database, SPA + API on one port).
import { pathToFileURL } from "node:url";
import { buildServerIfStale, buildWebIfStale, SERVER_BUNDLE } from "./lib.mjs";

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
await import(pathToFileURL(SERVER_BUNDLE).href);
