import { parentPort } from "node:worker_threads";
import { type ScaleRowsOptions, scaleCopyBatches } from "./scale-rows.ts";

// Builds one company's COPY batches per request, off the thread that streams them to PostgreSQL
// (ScaleRowsThread in scale-rows-thread.ts), so generating and loading overlap.
parentPort!.on("message", (options: ScaleRowsOptions) => {
  parentPort!.postMessage(scaleCopyBatches(options));
});
