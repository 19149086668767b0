import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Executor } from "#server/db/client.ts";
import type { JobKind } from "#server/db/schema/index.ts";
import type { JobHandler, JobHandlers, JobQueue } from "./job-queue.ts";
import { runJob } from "./job-runner.ts";
import { findClaimableJobIds, insertJob, type NewJob, nextDueAt, releaseAllLeases } from "./jobs.repository.ts";

/** The longest the poller sleeps: a retry's due time is read again at least this often. */
const MAX_SLEEP_MS = 5_000;

/**
 * The queue on PGlite: the jobs table polled by this process, the only one that can open the database.
 * A job is a row committed with its subject; `wake` starts on it at once, and a restart releases the
 * leases the previous process held, so a crash mid-job resumes it.
 */
export class LocalJobQueue implements JobQueue {
  readonly #handlers: JobHandlers = {};
  readonly #workerId = `local-${randomUUID()}`;
  readonly #running = new Set<Promise<unknown>>();
  readonly #abort = new AbortController();
  #timer: NodeJS.Timeout | undefined;
  #started = false;
  #polling = false;
  #pollAgain = false;
  #idleWaiters: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly options: { concurrency: number; leaseMs: number; log: FastifyBaseLogger },
  ) {}

  handle(kind: JobKind, handler: JobHandler): void {
    this.#handlers[kind] = handler;
  }

  enqueue(tx: Executor, job: NewJob): Promise<string | null> {
    return insertJob(tx, job);
  }

  async prepare(): Promise<void> {}

  wake(): void {
    if (this.#started) void this.#poll();
  }

  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    await releaseAllLeases(this.db);
    void this.#poll();
  }

  async stop(): Promise<void> {
    this.#started = false;
    clearTimeout(this.#timer);
    this.#abort.abort();
    await Promise.allSettled([...this.#running]);
  }

  idle(): Promise<void> {
    if (!this.#polling && this.#running.size === 0 && !this.#pollAgain) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  async #poll(): Promise<void> {
    if (this.#polling) {
      this.#pollAgain = true;
      return;
    }
    this.#polling = true;
    clearTimeout(this.#timer);
    try {
      do {
        this.#pollAgain = false;
        const free = this.options.concurrency - this.#running.size;
        if (free <= 0 || !this.#started) break;
        const ids = await findClaimableJobIds(this.db, free);
        for (const id of ids) this.#run(id);
        if (ids.length === free) this.#pollAgain = true;
      } while (this.#pollAgain && this.#running.size < this.options.concurrency);
      if (this.#started) {
        const due = await nextDueAt(this.db);
        const wait = due ? Math.min(MAX_SLEEP_MS, Math.max(10, due.getTime() - Date.now())) : MAX_SLEEP_MS;
        this.#timer = setTimeout(() => void this.#poll(), wait);
        this.#timer.unref();
      }
    } catch (error) {
      this.options.log.error({ err: error }, "job poll failed");
      if (this.#started) this.#timer = setTimeout(() => void this.#poll(), MAX_SLEEP_MS);
    } finally {
      this.#polling = false;
      // A wake that arrived after the last look: look again now rather than at the timer.
      if (this.#pollAgain && this.#started) void this.#poll();
      else this.#settleIdle();
    }
  }

  #run(id: string): void {
    const options = { db: this.db, handlers: this.#handlers, workerId: this.#workerId, ...this.options };
    const task = runJob(options, id, this.#abort.signal).finally(() => {
      this.#running.delete(task);
      // A finished job frees a slot, and may have queued another (a webhook delivery).
      if (this.#started) void this.#poll();
      else this.#settleIdle();
    });
    this.#running.add(task);
  }

  #settleIdle(): void {
    if (this.#polling || this.#running.size > 0 || this.#pollAgain) return;
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }
}
