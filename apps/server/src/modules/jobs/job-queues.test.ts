import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { companies, type JobRow, jobs } from "#server/db/schema/index.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "#server/test/database.ts";
import { GraphileJobQueue } from "./graphile-job-queue.ts";
import type { JobHandler, JobQueue } from "./job-queue.ts";
import { LocalJobQueue } from "./local-job-queue.ts";

// Each queue takes up the jobs a dead process left behind: PGlite's by releasing every lease at start
// (it is the only process), PostgreSQL's by a sweeper that hands graphile-worker each job whose lease
// ran out or whose retry fell due. The jobs are written straight into the table, as a crash leaves them.

const options = { concurrency: 2, leaseMs: 60_000, log: pino({ level: "silent" }) };
const settled = { timeout: 10_000, interval: 25 };

let database: TestDatabase;
let companyId: string;
let queue: JobQueue | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
  const [company] = await database.db.insert(companies).values({ name: "Acme" }).returning({ id: companies.id });
  companyId = company!.id;
});
afterEach(async () => {
  await queue?.stop();
  queue = undefined;
  await database.db.delete(jobs);
});
afterAll(() => database?.close());

/** A job row as a crash (or a lost graphile job) leaves it; `lease` and `due` are seconds from the database's now. */
async function leftJob(state: "queued" | "running", at: { lease?: number; due?: number } = {}): Promise<string> {
  const [row] = await database.db
    .insert(jobs)
    .values({
      companyId,
      kind: "webhook_delivery",
      subjectId: randomUUID(),
      state,
      attempts: 1,
      lockedBy: state === "running" ? "the-dead-process" : null,
      lockedUntil: at.lease === undefined ? null : sql`now() + ${`${at.lease} seconds`}::interval`,
      runAfter: sql`now() + ${`${at.due ?? 0} seconds`}::interval`,
    })
    .returning({ id: jobs.id });
  return row!.id;
}

async function readJob(id: string): Promise<JobRow> {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

/** A handler that records the jobs it ran and finishes them. */
function recorder() {
  const ran: string[] = [];
  const handler: JobHandler = async (job) => {
    ran.push(job.id);
    return { status: "done" };
  };
  return { ran, handler };
}

describe("the local queue (the one process on PGlite)", () => {
  function startLocal(handler: JobHandler) {
    const local = new LocalJobQueue(database.db, options);
    local.handle("webhook_delivery", handler);
    queue = local;
    return local;
  }

  it("at start, takes up the jobs the previous process held, however long their lease", async () => {
    const held = await leftJob("running", { lease: 3600 });
    const { ran, handler } = recorder();
    await startLocal(handler).start();
    await vi.waitFor(async () => expect(await readJob(held)).toMatchObject({ state: "done", attempts: 2 }), settled);
    expect(ran).toEqual([held]);
  });

  it("starts a committed job when woken, and runs a retry again when it falls due", async () => {
    let calls = 0;
    const local = startLocal(async () =>
      ++calls === 1 ? { status: "retry", error: "busy", afterMs: 50 } : { status: "done" },
    );
    await local.start();
    const id = await local.enqueue(database.db, { companyId, kind: "webhook_delivery", subjectId: randomUUID() });
    local.wake();
    await vi.waitFor(async () => expect(await readJob(id!)).toMatchObject({ state: "done", attempts: 2 }), settled);
    expect(calls).toBe(2);
  });
});

describe.runIf(testEngine() === "postgres")(
  "the graphile-worker queue (PostgreSQL only: PGlite has no graphile-worker)",
  () => {
    it("re-adds at start the jobs whose lease ran out or whose retry fell due, and leaves a live lease alone", async () => {
      const expired = await leftJob("running", { lease: -1 });
      const due = await leftJob("queued", { due: -60 });
      const live = await leftJob("running", { lease: 3600 });
      const notYet = await leftJob("queued", { due: 3600 });
      const { ran, handler } = recorder();
      const graphile = new GraphileJobQueue(database.db, { ...options, connectionString: database.url! });
      graphile.handle("webhook_delivery", handler);
      queue = graphile;

      await graphile.start();
      await vi.waitFor(async () => {
        expect(await readJob(expired)).toMatchObject({ state: "done", attempts: 2 });
        expect(await readJob(due)).toMatchObject({ state: "done", attempts: 2 });
      }, settled);
      expect(ran.sort()).toEqual([expired, due].sort());
      expect(await readJob(live)).toMatchObject({ state: "running", lockedBy: "the-dead-process", attempts: 1 });
      expect(await readJob(notYet)).toMatchObject({ state: "queued", attempts: 1 });
    });
  },
);
