// Reads an uploaded file on a thread of its own, off the event loop that answers requests, within a
// time and a memory budget. A file that takes too long is stopped (terminate), one that needs more
// memory than its budget ends its thread only (V8's heap limit for that thread); either way the file
// fails with a reason for the person who uploaded it, and the process goes on.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { ExtractionError } from "./errors.ts";
import type { ExtractionMessage } from "./extract-worker.ts";
import { EXTRACTION_CONCURRENCY, LIMIT_MESSAGES } from "./limits.ts";
import type { Section } from "./sections.ts";
import type { KnowledgeFileKind } from "./sniff.ts";

export type ExtractionBudget = {
  /** Wall-clock time for one file, from its thread's start to its text (KNOWLEDGE_EXTRACT_TIMEOUT_MS). */
  timeoutMs: number;
  /** The thread's JavaScript heap (KNOWLEDGE_EXTRACT_MEMORY_MB). */
  memoryMb: number;
};

// From the sources (tests, `npm run dev`) the thread starts through a loader for TypeScript; in the
// precompiled server this code sits in dist/ beside the worker's own bundle.
const here = fileURLToPath(import.meta.url);
const WORKER_FILE = here.endsWith(".ts")
  ? path.join(path.dirname(here), "extract-thread.mjs")
  : path.join(path.dirname(here), "extract-worker.mjs");

// At most EXTRACTION_CONCURRENCY threads at once, so several uploads cannot add up their budgets.
let running = 0;
const waiting: (() => void)[] = [];
async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < EXTRACTION_CONCURRENCY) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over as it is
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * The file's sections, read on a worker thread. Rejects with ExtractionError (a message for the uploader)
 * when the file is refused, over its budget, or its thread dies; with `onProgress`'s own error if it throws.
 */
export function extractInWorker(
  kind: KnowledgeFileKind,
  bytes: Uint8Array,
  budget: ExtractionBudget,
  onProgress?: (fraction: number) => void,
): Promise<{ sections: Section[]; pages: number | null }> {
  return inSlot(() => runThread(kind, bytes, budget, onProgress));
}

function runThread(
  kind: KnowledgeFileKind,
  bytes: Uint8Array,
  budget: ExtractionBudget,
  onProgress?: (fraction: number) => void,
): Promise<{ sections: Section[]; pages: number | null }> {
  return new Promise((resolve, reject) => {
    // A copy the thread owns (moved, not copied again): the caller's bytes stay as they were.
    const copy = new Uint8Array(bytes);
    const worker = new Worker(WORKER_FILE, {
      workerData: { kind, bytes: copy },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      // The thread has answered or failed: nothing of it is needed any more.
      void worker.terminate();
    };
    const fail = (error: Error) => finish(() => reject(error));
    const timer = setTimeout(() => {
      const cause = new Error(`stopped after ${budget.timeoutMs} ms`);
      fail(new ExtractionError(LIMIT_MESSAGES.timeout(budget.timeoutMs), { cause }));
    }, budget.timeoutMs);

    worker.on("message", (message: ExtractionMessage) => {
      if (message.type === "progress") {
        try {
          onProgress?.(message.fraction);
        } catch (error) {
          fail(error as Error);
        }
      } else if (message.type === "done") finish(() => resolve({ sections: message.sections, pages: message.pages }));
      else fail(new ExtractionError(message.message));
    });
    worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
        fail(new ExtractionError(LIMIT_MESSAGES.memory(budget.memoryMb), { cause: error }));
      } else fail(new ExtractionError(LIMIT_MESSAGES.crashed, { cause: error }));
    });
    worker.on("exit", (code) =>
      fail(new ExtractionError(LIMIT_MESSAGES.crashed, { cause: new Error(`exit ${code}`) })),
    );
  });
}
