import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

// A reply's new text apart from the history it quotes and its signature (email-reply-parser). The
// parser's regular expressions backtrack badly on some texts (a line pattern repeated a few thousand
// times takes minutes), so it runs on a thread of its own within a time and memory budget; a text it
// cannot split in time is taken whole.

export type ReplySplit = {
  /** What the sender wrote now: the whole text when nothing was cut (or the split took too long). */
  newText: string;
  /** The quoted history and signature that were cut, or null. */
  quotedText: string | null;
};

const TIMEOUT_MS = 5_000;
const MEMORY_MB = 64;

type Fragment = { text: string; hidden: boolean };

const parserUrl = pathToFileURL(createRequire(import.meta.url).resolve("email-reply-parser")).href;

// Evaluated as ESM or CommonJS (a thread's eval follows the process's flags): dynamic imports only.
const THREAD_SOURCE = `Promise.all([import("node:worker_threads"), import(${JSON.stringify(parserUrl)})]).then(
  ([{ parentPort, workerData }, { default: EmailReplyParser }]) => {
    const fragments = new EmailReplyParser().read(workerData.text).getFragments();
    parentPort.postMessage(fragments.map((f) => ({ text: f.getContent(), hidden: f.isHidden() })));
  },
);`;

/** Splits a mail's text into its new part and what it quotes. */
export async function splitReply(text: string): Promise<ReplySplit> {
  const whole = { newText: text.trim(), quotedText: null };
  if (!whole.newText) return whole;
  const fragments = await fragmentsOf(text);
  if (!fragments) return whole;
  const join = (hidden: boolean) =>
    fragments
      .filter((fragment) => fragment.hidden === hidden)
      .map((fragment) => fragment.text)
      .join("\n")
      .trim();
  const newText = join(false);
  // A mail that is all quote or signature (a bare forward): nothing would be left, so keep it whole.
  if (!newText) return whole;
  return { newText, quotedText: join(true) || null };
}

/** The parser's fragments, or null when its thread ran out of time or memory, or failed. */
function fragmentsOf(text: string): Promise<Fragment[] | null> {
  return new Promise((resolve) => {
    const worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { text },
      resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB },
    });
    let settled = false;
    const finish = (fragments: Fragment[] | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(fragments);
    };
    const timer = setTimeout(() => finish(null), TIMEOUT_MS);
    worker.on("message", (message: unknown) => finish(isFragmentList(message) ? message : null));
    worker.on("error", () => finish(null));
    worker.on("exit", () => finish(null));
  });
}

function isFragmentList(value: unknown): value is Fragment[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === "object" &&
        item !== null &&
        typeof (item as Fragment).text === "string" &&
        typeof (item as Fragment).hidden === "boolean",
    )
  );
}
