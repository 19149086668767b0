import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { companies, type JobRow, jobs } from "#server/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "#server/test/database.ts";
import { JOB_MAX_ATTEMPTS, type JobHandler, retryDelayMs } from "./job-queue.ts";
import { runJob } from "./job-runner.ts";
import { claimJob, insertJob, settleJob } from "./jobs.repository.ts";

// The jobs table's rules, on the real database: who may take a job, and what a handler's answer
// makes of it. Lease times are moved in the database (its clock decides), never waited out.

const LEASE_MS = 60_000;
const log = pino({ level: "silent" });

let database: TestDatabase;
let companyId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const [company] = await database.db.insert(companies).values({ name: "Acme" }).returning({ id: companies.id });
  companyId = company!.id;
});
afterAll(() => database?.close());
beforeEach(() => database.db.delete(jobs));

async function queuedJob(): Promise<string> {
  const id = await insertJob(database.db, { companyId, kind: "webhook_delivery", subjectId: randomUUID() });
  return id!;
}

async function readJob(id: string): Promise<JobRow> {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

/** Sets the job's lease to end `seconds` from the database's now (negative: it ran out). */
async function shiftLease(id: string, seconds: number) {
  await database.db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${`${seconds} seconds`}::interval` })
    .where(eq(jobs.id, id));
}

describe("claiming a job", () => {
  it("gives a queued job to exactly one of two workers racing for it", async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, () => queuedJob()));
    const races = await Promise.all(
      ids.map((id) =>
        Promise.all([claimJob(database.db, id, "worker-a", LEASE_MS), claimJob(database.db, id, "worker-b", LEASE_MS)]),
      ),
    );
    for (const [index, claims] of races.entries()) {
      const winners = claims.filter((claim) => claim !== null);
      expect(winners).toHaveLength(1);
      expect(await readJob(ids[index]!)).toMatchObject({
        state: "running",
        attempts: 1,
        lockedBy: winners[0]!.lockedBy,
      });
    }
  });

  it("takes a running job again once its lease ran out, and not while it is live", async () => {
    const id = await queuedJob();
    await claimJob(database.db, id, "worker-a", LEASE_MS);

    expect(await claimJob(database.db, id, "worker-b", LEASE_MS)).toBeNull();

    await shiftLease(id, -1);
    expect(await claimJob(database.db, id, "worker-b", LEASE_MS)).toMatchObject({
      state: "running",
      attempts: 2,
      lockedBy: "worker-b",
    });
    // The worker that lost it cannot settle it any more.
    await settleJob(database.db, id, "worker-a", { state: "done" });
    expect(await readJob(id)).toMatchObject({ state: "running", lockedBy: "worker-b" });
  });

  it("leaves alone a retry that is not due yet and a job that is finished", async () => {
    const later = await queuedJob();
    await database.db.update(jobs).set({ runAfter: sql`now() + interval '1 minute'` }).where(eq(jobs.id, later));
    const done = await queuedJob();
    await claimJob(database.db, done, "worker-a", LEASE_MS);
    await settleJob(database.db, done, "worker-a", { state: "done" });

    expect(await claimJob(database.db, later, "worker-b", LEASE_MS)).toBeNull();
    expect(await claimJob(database.db, done, "worker-b", LEASE_MS)).toBeNull();
  });
});

describe("a handler's answer", () => {
  /** Runs the job once with this handler, and answers what runJob said and when it ran. */
  async function run(id: string, handler: JobHandler | undefined) {
    const before = Date.now();
    const handlers = handler ? { webhook_delivery: handler } : {};
    const result = await runJob(
      { db: database.db, handlers, workerId: "worker-a", leaseMs: LEASE_MS, log },
      id,
      new AbortController().signal,
    );
    return { result, before, after: Date.now(), job: await readJob(id) };
  }

  const retry: JobHandler = async () => ({ status: "retry", error: "webhook answered 503" });

  it("backs off 1 s, 2 s, 4 s … up to 5 minutes", () => {
    expect([1, 2, 3, 4, 5, 8, 9, 10, 30].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 128_000, 256_000, 300_000, 300_000,
    ]);
  });

  it("puts a retried job back in the queue with its error, due after the backoff", async () => {
    const id = await queuedJob();
    for (const [attempt, delay] of [
      [1, 1000],
      [2, 2000],
      [3, 4000],
    ] as const) {
      const { result, before, after, job } = await run(id, retry);
      expect(job).toMatchObject({
        state: "queued",
        attempts: attempt,
        lastError: "webhook answered 503",
        lockedBy: null,
        lockedUntil: null,
        finishedAt: null,
      });
      expect(job.runAfter.getTime()).toBeGreaterThanOrEqual(before + delay);
      expect(job.runAfter.getTime()).toBeLessThanOrEqual(after + delay);
      expect(result).toEqual({ retryAt: job.runAfter });
      // Not claimable until due; make it due for the next attempt.
      expect((await run(id, retry)).job.attempts).toBe(attempt);
      await database.db.update(jobs).set({ runAfter: sql`now()` }).where(eq(jobs.id, id));
    }
  });

  it("waits as long as the handler asks, when it says", async () => {
    const id = await queuedJob();
    const { before, after, job } = await run(id, async () => ({
      status: "retry",
      error: "rate limited",
      afterMs: 30_000,
    }));
    expect(job.runAfter.getTime()).toBeGreaterThanOrEqual(before + 30_000);
    expect(job.runAfter.getTime()).toBeLessThanOrEqual(after + 30_000);
  });

  it(`fails the job for good when its ${JOB_MAX_ATTEMPTS}th attempt asks for a retry`, async () => {
    const id = await queuedJob();
    await database.db
      .update(jobs)
      .set({ attempts: JOB_MAX_ATTEMPTS - 1 })
      .where(eq(jobs.id, id));
    const { result, job } = await run(id, retry);
    expect(result).toBeNull();
    expect(job).toMatchObject({
      state: "failed",
      attempts: JOB_MAX_ATTEMPTS,
      lastError: `webhook answered 503 (gave up after ${JOB_MAX_ATTEMPTS} attempts)`,
      lockedBy: null,
    });
    expect(job.finishedAt).toBeInstanceOf(Date);
  });

  it("counts a thrown error as a retry with the error's message", async () => {
    const id = await queuedJob();
    const { result, job } = await run(id, async () => {
      throw new Error("connection reset by peer");
    });
    expect(job).toMatchObject({ state: "queued", attempts: 1, lastError: "connection reset by peer" });
    expect(result).toEqual({ retryAt: job.runAfter });
  });

  it("marks a job done, or failed at once when the handler says so or no handler exists", async () => {
    const done = await queuedJob();
    expect((await run(done, async () => ({ status: "done" }))).job).toMatchObject({ state: "done", lastError: null });

    const refused = await queuedJob();
    const failed = (await run(refused, async () => ({ status: "failed", error: "channel revoked" }))).job;
    expect(failed).toMatchObject({ state: "failed", attempts: 1, lastError: "channel revoked" });

    const orphan = await queuedJob();
    expect((await run(orphan, undefined)).job).toMatchObject({
      state: "failed",
      lastError: "No handler for webhook_delivery jobs",
    });
  });

  it("does not run a job another worker holds", async () => {
    const id = await queuedJob();
    await claimJob(database.db, id, "worker-b", LEASE_MS);
    let calls = 0;
    const { result, job } = await run(id, async () => {
      calls++;
      return { status: "done" };
    });
    expect({ result, calls }).toEqual({ result: null, calls: 0 });
    expect(job).toMatchObject({ state: "running", lockedBy: "worker-b", attempts: 1 });
  });
});
