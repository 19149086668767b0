// The extraction thread's entry when the server runs from its TypeScript sources (the tests, `npm run
// dev`): a worker thread does not get the TypeScript loader its parent runs under, so it registers tsx
// itself, then runs the worker. The precompiled server starts dist/extract-worker.mjs instead, bundled
// by scripts/build-server.mjs, and needs no loader.
import { register } from "tsx/esm/api";

register();
await import("./extract-worker.ts");
