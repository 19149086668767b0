// `npm start`: build the SPA when its build is missing or stale, then run the server in this process
// (migrations, demo seed on an empty database, SPA + API on one port).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";
import { buildWebIfStale, root } from "./lib.mjs";

const code = await buildWebIfStale();
if (code !== 0) {
  console.error("The web build failed; see the output above.");
  process.exit(code);
}
register();
await import(pathToFileURL(path.join(root, "apps/server/src/server.ts")).href);
