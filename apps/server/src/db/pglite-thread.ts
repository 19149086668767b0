import path from "node:path";
import { Worker } from "node:worker_threads";
import { REPO_ROOT } from "#server/paths.ts";

// PGlite runs Postgres compiled to WASM, and every query it runs (and its ~0.3 s open) is CPU time on the
// thread that owns it. Owned by a worker thread, the open overlaps the loading of the app's modules at
// start-up, and queries run beside the request handling instead of between requests. This is the
// client drizzle's PGlite driver is given: the same `query` and `transaction` it calls on PGlite itself.

// The source file in every mode (tests, `npm run dev`, the precompiled server): it is plain JavaScript.
const WORKER_FILE = path.join(REPO_ROOT, "apps/server/src/db/pglite-worker.mjs");

/**
 * The thread's JavaScript allocates only short-lived objects (each result, parsed and posted), so a
 * young generation of 16 MB serves it as well as V8's default: its heap after 50 connections on the
 * list endpoints is 38 MB instead of 53 (docs/benchmarks.md, "List endpoints and memory").
 */
const WORKER_HEAP = { maxYoungGenerationSizeMb: 16 };

export type PgliteResults<T = Record<string, unknown>> = {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
};

export type PgliteQueryOptions = {
  rowMode?: "object" | "array";
  /**
   * Types to leave as PostgreSQL's text, by type id. Parsers are functions and cannot reach the worker:
   * only their keys are used, which is what drizzle means by its own (each returns the text as it came).
   */
  parsers?: Record<number, unknown>;
};

/** What PGlite's own client and its transactions offer drizzle. */
export type PgliteQueries = {
  query<T>(sql: string, params?: unknown[], options?: PgliteQueryOptions): Promise<PgliteResults<T>>;
  exec(sql: string): Promise<PgliteResults[]>;
};

type WireError = { name?: string; message: string; fields: Record<string, unknown> };
type Reply = { id: number; result?: unknown; error?: WireError };
type NotificationMessage = { notification: { channel: string; payload: string } };
/** A NOTIFY the database sent (the worker listens on the data-change channel: migration 0024). */
export type NotificationListener = (channel: string, payload: string) => void;
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** An error from the worker rebuilt on this thread: the driver's fields (`code`, `constraint`…) kept. */
function rebuild(wire: WireError): Error {
  const error = Object.assign(new Error(wire.message), wire.fields);
  if (wire.name) error.name = wire.name;
  return error;
}

/** The worker is gone: SQLSTATE 08006 (connection failure), which db/unavailable.ts answers with a 503. */
function threadStopped(reason: string): Error {
  return Object.assign(new Error(`The database thread stopped: ${reason}`), { code: "08006" });
}

export class PgliteThread implements PgliteQueries {
  #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #notificationListeners = new Set<NotificationListener>();
  #nextId = 1;
  #stopped: Error | undefined;
  #opened: Promise<void>;

  /** Starts opening at once; `opened` says when it is done. `template` is a `dumpDataDir` to start from. */
  constructor(
    readonly dataDir: string,
    template?: Blob,
  ) {
    this.#worker = this.#start(template);
    this.#opened = this.#openedBy(this.#worker);
  }

  /** Resolves once the data directory is open; rejects with why it could not be. */
  get opened(): Promise<void> {
    return this.#opened;
  }

  /**
   * Closes the database and opens it again in a thread of its own: the memory PGlite grew for a bulk
   * load (its WASM memory never shrinks while it runs) goes back to the system with the old thread.
   * Only while no query is under way; one asked for meanwhile waits for the new thread. A database in
   * memory (`memory://`) would be lost with its thread: it stays as it is.
   */
  async renew(): Promise<void> {
    await this.#opened;
    if (this.dataDir.startsWith("memory://")) return;
    if (this.#stopped) throw this.#stopped;
    if (this.#pending.size > 0) throw new Error("The database thread cannot be renewed while queries run");
    const closing = this.#send({ op: "close" });
    this.#opened = closing.then(async () => {
      const old = this.#worker;
      old.removeAllListeners();
      await old.terminate();
      this.#worker = this.#start();
      await this.#openedBy(this.#worker);
    });
    this.#opened.catch(() => {});
    await this.#opened;
  }

  #start(template?: Blob): Worker {
    const worker = new Worker(WORKER_FILE, {
      workerData: { dataDir: this.dataDir, template },
      resourceLimits: WORKER_HEAP,
    });
    // Kept alive only while a request waits for its answer (see #send), as PGlite in-process would be.
    worker.unref();
    worker.on("message", (message: Reply | NotificationMessage | { opened?: boolean }) => {
      if ("notification" in message) this.#notified(message.notification);
      else if ("id" in message) this.#settle(message);
    });
    worker.on("error", (error) => this.#stop(threadStopped(error.message)));
    worker.on("exit", (code) => this.#stop(threadStopped(`it exited with code ${code}`)));
    return worker;
  }

  /** Resolves once `worker` has opened the data directory; rejects with why it could not. */
  #openedBy(worker: Worker): Promise<void> {
    const opened = new Promise<void>((resolve, reject) => {
      const onOpen = (message: { opened?: boolean; openError?: WireError }) => {
        if (!message.opened && !message.openError) return;
        worker.off("message", onOpen);
        if (message.openError) reject(rebuild(message.openError));
        else resolve();
      };
      worker.on("message", onOpen);
      worker.once("exit", (code) => reject(threadStopped(`it exited with code ${code} while opening`)));
    });
    // Awaited by whoever uses the database; a failure before then is theirs to report, not unhandled.
    opened.catch(() => {});
    return opened;
  }

  query<T>(sql: string, params: unknown[] = [], options: PgliteQueryOptions = {}): Promise<PgliteResults<T>> {
    return this.#query(sql, params, options, undefined);
  }

  exec(sql: string): Promise<PgliteResults[]> {
    return this.#exec(sql, undefined);
  }

  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: PgliteQueries) => Promise<T>): Promise<T> {
    const { tx } = (await this.#call({ op: "begin" })) as { tx: number };
    const handle: PgliteQueries = {
      query: (sql, params = [], options = {}) => this.#query(sql, params, options, tx),
      exec: (sql) => this.#exec(sql, tx),
    };
    let result: T;
    try {
      result = await fn(handle);
    } catch (error) {
      // The caller's error is the one that matters; a failed rollback (the thread gone) adds nothing.
      await this.#call({ op: "end", tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.#call({ op: "end", tx, commit: true });
    return result;
  }

  /**
   * Calls `listener` with each notification, in the order the database sent them and each before the
   * answer of the statement whose commit sent it. Returns the function that stops it.
   */
  onNotification(listener: NotificationListener): () => void {
    this.#notificationListeners.add(listener);
    return () => {
      this.#notificationListeners.delete(listener);
    };
  }

  /** The whole data directory as a tarball, to open another database from (`template`). */
  dumpDataDir(compression: "none" | "gzip" | "auto" = "none"): Promise<Blob> {
    return this.#call({ op: "dump", compression }) as Promise<Blob>;
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.#opened.catch(() => {});
    await this.#call({ op: "close" }).catch(() => {});
    this.#stop(new Error("The database is closed"));
    await this.#worker.terminate();
  }

  /** Ends the thread at once, without closing the database: what a crash would do (tests use it). */
  async terminate(): Promise<void> {
    await this.#worker.terminate();
  }

  #query<T>(
    sql: string,
    params: unknown[],
    options: PgliteQueryOptions,
    tx: number | undefined,
  ): Promise<PgliteResults<T>> {
    const textTypes = options.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.#call({ op: "query", sql, params, rowMode: options.rowMode, textTypes, tx }) as Promise<
      PgliteResults<T>
    >;
  }

  #exec(sql: string, tx: number | undefined): Promise<PgliteResults[]> {
    return this.#call({ op: "exec", sql, tx }) as Promise<PgliteResults[]>;
  }

  async #call(message: Record<string, unknown>): Promise<unknown> {
    // Until the thread is open and stays the same one: a renewal may have begun while this waited.
    for (let opened = this.#opened; ; opened = this.#opened) {
      await opened;
      if (opened === this.#opened) break;
    }
    return this.#send(message);
  }

  /** Posts `message` to the thread as it is now, open or not, and answers its reply. */
  #send(message: Record<string, unknown>): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #notified({ channel, payload }: NotificationMessage["notification"]) {
    for (const listener of this.#notificationListeners) listener(channel, payload);
  }

  #settle({ id, result, error }: Reply) {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (error) pending.reject(rebuild(error));
    else pending.resolve(result);
  }

  #stop(reason: Error) {
    this.#stopped ??= reason;
    for (const { reject } of this.#pending.values()) reject(this.#stopped);
    this.#pending.clear();
    this.#worker.unref();
  }
}
