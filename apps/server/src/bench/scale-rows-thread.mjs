// The scale rows worker's entry: a worker thread does not get the TypeScript loader its parent runs
// under (the benchmarks run from their TypeScript sources), so it registers tsx itself first.
import { register } from "tsx/esm/api";

register();
await import("./scale-rows-worker.ts");
