import { randomUUID } from "node:crypto";
import { and, count, eq, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Executor } from "#server/db/client.ts";
import { type JobKind, jobs } from "#server/db/schema/index.ts";
import type { JobHandler, JobHandlers, JobQueue } from "./job-queue.ts";
import { runJob } from "./job-runner.ts";
import { findClaimableJobIds, insertJob, type NewJob } from "./jobs.repository.ts";

type GraphileRunner = import("graphile-worker").Runner;

/**
 * How long stopping waits for graphile-worker to close its pool and listening connection. Against a
 * server that stopped answering (a black hole) its pool would wait for a goodbye that never comes; the
 * process is exiting anyway, and our jobs table keeps every job's state for the next start.
 */
export const GRAPHILE_STOP_MS = 1000;

/** graphile-worker's task that runs one of our jobs; its payload is `{ jobId }`. */
const TASK = "foreman_job";

/**
 * The queue on PostgreSQL: graphile-worker (LISTEN/NOTIFY, SKIP LOCKED) delivers each job to one of
 * the instances. Our jobs table stays the record (state, attempts, the error staff see); the
 * graphile job is added in the same transaction with the job's id as its key. A sweeper re-adds jobs
 * whose lease ran out (a process killed mid-job) or whose retry fell due, so nothing waits for
 * graphile's own four-hour lock expiry.
 */
export class GraphileJobQueue implements JobQueue {
  readonly #handlers: JobHandlers = {};
  readonly #workerId = `pg-${randomUUID()}`;
  readonly #abort = new AbortController();
  readonly #active = new Set<Promise<unknown>>();
  #runner: GraphileRunner | undefined;
  #pool: import("pg").Pool | undefined;
  #starting: Promise<void> | undefined;
  #sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: {
      connectionString: string;
      concurrency: number;
      leaseMs: number;
      log: FastifyBaseLogger;
    },
  ) {}

  handle(kind: JobKind, handler: JobHandler): void {
    this.#handlers[kind] = handler;
  }

  async enqueue(tx: Executor, job: NewJob): Promise<string | null> {
    // graphile-worker's schema must exist before its add_job can join our transaction.
    await this.#ensureRunning();
    const id = await insertJob(tx, job);
    if (id) await addGraphileJob(tx, id, job.runAfter);
    return id;
  }

  prepare(): Promise<void> {
    return this.#ensureRunning();
  }

  wake(): void {}

  /**
   * graphile-worker (its migrations, its pool, its listening connection) starts lazily: now if jobs are
   * waiting (a restart after a crash), else with the first job enqueued.
   */
  async start(): Promise<void> {
    const [row] = await this.db
      .select({ n: count() })
      .from(jobs)
      .where(or(eq(jobs.state, "queued"), eq(jobs.state, "running")));
    if ((row?.n ?? 0) > 0) await this.#ensureRunning();
  }

  #ensureRunning(): Promise<void> {
    this.#starting ??= this.#start();
    return this.#starting;
  }

  async #start(): Promise<void> {
    const [{ run, runMigrations, Logger }, { default: pg }] = await Promise.all([
      import("graphile-worker"),
      import("pg"),
    ]);
    const log = this.options.log;
    // Our own pool, so its connections keep an error listener for as long as they live: graphile's removes
    // its listeners when it stops, and a connection ended later (a dropped database, a server going away)
    // would otherwise raise an uncaught error.
    const pool = new pg.Pool({ connectionString: this.options.connectionString, max: this.options.concurrency + 2 });
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    this.#pool = pool;
    const options = {
      pgPool: pool,
      concurrency: this.options.concurrency,
      noHandleSignals: true,
      pollInterval: 1000,
      logger: new Logger(() => (level, message) => {
        if (level === "error") log.error(message);
        else if (level === "warning") log.warn(message);
      }),
      taskList: {
        [TASK]: async (payload: unknown) => {
          const jobId = (payload as { jobId?: unknown }).jobId;
          if (typeof jobId === "string") await this.#track(jobId);
        },
      },
    };
    // Instances starting together on a fresh database would each create graphile-worker's schema:
    // one at a time, under a transaction-scoped lock, and the others find it done.
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('foreman:graphile-worker:migrate'))`);
      await runMigrations(options);
    });
    this.#runner = await run(options);
    this.#sweeper = setInterval(() => void this.#sweep(), Math.max(250, this.options.leaseMs / 2));
    this.#sweeper.unref();
    await this.#sweep();
  }

  async #track(jobId: string): Promise<void> {
    const task: Promise<{ retryAt: Date } | null> = runJob(
      { db: this.db, handlers: this.#handlers, workerId: this.#workerId, ...this.options },
      jobId,
      this.#abort.signal,
    );
    this.#active.add(task);
    try {
      const retry = await task;
      // graphile's job is done either way; the retry is a new one, due when our backoff says.
      if (retry) await addGraphileJob(this.db, jobId, retry.retryAt);
    } finally {
      this.#active.delete(task);
    }
  }

  /** Hands graphile-worker every job that is due but may have no graphile job: a dead lease, a retry. */
  async #sweep(): Promise<void> {
    try {
      const ids = await findClaimableJobIds(this.db, 100);
      for (const id of ids) await addGraphileJob(this.db, id, undefined);
    } catch (error) {
      this.options.log.warn({ err: error }, "job sweep failed");
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.#sweeper);
    if (!this.#starting) return;
    await this.#starting.catch(() => undefined);
    const runner = this.#runner;
    const pool = this.#pool;
    const stopped = await within(
      GRAPHILE_STOP_MS,
      (async () => {
        await runner?.stop();
        await pool?.end();
      })(),
    );
    if (!stopped) this.options.log.warn("graphile-worker did not stop in time (the database is not answering)");
    this.#abort.abort();
    await Promise.allSettled([...this.#active]);
  }

  async idle(): Promise<void> {
    if (!this.#starting) return;
    await this.#starting;
    for (;;) {
      const [row] = await this.db
        .select({ n: count() })
        .from(jobs)
        .where(or(eq(jobs.state, "running"), and(eq(jobs.state, "queued"), lte(jobs.runAfter, sql`now()`))));
      if (!row || row.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** True when the work finished (or failed) within `ms`; false when it was left to finish on its own. */
async function within(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** graphile-worker's add_job in the caller's transaction; the key makes a second add replace the first. */
async function addGraphileJob(db: Executor, jobId: string, runAfter: Date | undefined): Promise<void> {
  await db.execute(
    sql`select graphile_worker.add_job(${TASK}, json_build_object('jobId', ${jobId}::text), run_at => ${runAfter?.toISOString() ?? null}::timestamptz, job_key => ${jobId}::text, max_attempts => 3)`,
  );
}
