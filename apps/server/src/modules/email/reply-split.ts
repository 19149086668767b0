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
// It answers each request `{id, text}` with `{id, fragments}`, one after another.
const THREAD_SOURCE = `Promise.all([import("node:worker_threads"), import(${JSON.stringify(parserUrl)})]).then(
  ([{ parentPort }, { default: EmailReplyParser }]) => {
    parentPort.on("message", ({ id, text }) => {
      const fragments = new EmailReplyParser().read(text).getFragments();
      parentPort.postMessage({ id, fragments: fragments.map((f) => ({ text: f.getContent(), hidden: f.isHidden() })) });
    });
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

type Pending = { resolve: (fragments: Fragment[] | null) => void; timer: NodeJS.Timeout };

/**
 * The parser's thread, started on first use and kept: starting one per mail cost more than reading
 * the mail. A text that runs past the time limit ends the thread (and with it every text waiting on
 * it: each is then taken whole); the next text starts a new one.
 */
class ParserThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  fragmentsOf(text: string): Promise<Fragment[] | null> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve) => {
      // Each text's budget starts when it is sent: the thread reads them one at a time.
      const timer = setTimeout(() => this.stop(worker), TIMEOUT_MS * (this.pending.size + 1));
      this.pending.set(id, { resolve, timer });
      worker.postMessage({ id, text });
    });
  }

  private start(): Worker {
    const worker = new Worker(THREAD_SOURCE, { eval: true, resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB } });
    // An idle parser does not keep the process alive.
    worker.unref();
    worker.on("message", (message: { id?: unknown; fragments?: unknown }) => {
      const waiting = typeof message?.id === "number" ? this.pending.get(message.id) : undefined;
      if (!waiting) return;
      this.pending.delete(message.id as number);
      clearTimeout(waiting.timer);
      waiting.resolve(isFragmentList(message.fragments) ? message.fragments : null);
    });
    worker.on("error", () => this.stop(worker));
    worker.on("exit", () => this.stop(worker));
    this.worker = worker;
    return worker;
  }

  private stop(worker: Worker) {
    if (this.worker !== worker) return;
    this.worker = null;
    void worker.terminate();
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.resolve(null);
    }
    this.pending.clear();
  }
}

const parserThread = new ParserThread();

/** The parser's fragments, or null when its thread ran out of time or memory, or failed. */
function fragmentsOf(text: string): Promise<Fragment[] | null> {
  return parserThread.fragmentsOf(text);
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
