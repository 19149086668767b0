import { Worker } from "node:worker_threads";
import type { CopyBatch } from "./copy-rows.ts";
import type { ScaleRowsOptions } from "./scale-rows.ts";

/** A worker thread that builds companies' COPY batches (scale-rows-worker.ts), one request at a time. */
export class ScaleRowsThread {
  private readonly worker = new Worker(new URL("./scale-rows-thread.mjs", import.meta.url), {
    // A young generation this size keeps a company's short-lived rows from being promoted and swept again.
    resourceLimits: { maxYoungGenerationSizeMb: 192 },
  });
  private queue: Promise<unknown> = Promise.resolve();

  build(options: ScaleRowsOptions): Promise<CopyBatch[]> {
    const result = this.queue.then(
      () =>
        new Promise<CopyBatch[]>((resolve, reject) => {
          const fail = (error: Error) => reject(error);
          this.worker.once("error", fail);
          this.worker.once("message", (batches: CopyBatch[]) => {
            this.worker.off("error", fail);
            resolve(batches);
          });
          this.worker.postMessage(options);
        }),
    );
    this.queue = result.catch(() => {});
    return result;
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}
