// The fault scenarios on the real server process (`node scripts/start.mjs`): SIGTERM under load on
// PGlite (and on PostgreSQL when DATABASE_URL is set), and kill -9 during writes on PGlite.
// `npm test` runs them after the web build; `npm run bench -- faults` runs longer versions.
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingWrites, signInDemo } from "./api.mjs";
import { killMidJob } from "./kill-mid-job.mjs";
import { kill9DuringWrites } from "./kill9.mjs";
import { mailOutageAcrossRestart } from "./mail-outage.mjs";
import { seedDataDir, startServer } from "./server-process.mjs";
import { SHUTDOWN_BOUND_MS, sigtermUnderLoad } from "./sigterm.mjs";

const dirs = [];
const scratchDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "foreman-faults-"));
  dirs.push(dir);
  return dir;
};
// Seeding takes seconds: done once, and each PGlite scenario starts from a copy.
let seeded;
const seededCopy = () => {
  const dir = scratchDir();
  cpSync(seeded, dir, { recursive: true });
  return dir;
};
beforeAll(async () => {
  seeded = scratchDir();
  await seedDataDir({ port: 3349, dataDir: seeded });
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// A request sent this long before SIGTERM has reached the server; one sent closer may still be in
// the socket when the server closes its idle connections (the client sees a reset, not an answer).
const REACHED_SERVER_MS = 100;

function expectCleanShutdown(run) {
  expect(run.output).not.toMatch(/stopped on an error|killed by timeout/);
  expect(run.exit, run.output).toEqual(expect.objectContaining({ code: 0, signal: null }));
  expect(run.shutdownMs).toBeLessThan(SHUTDOWN_BOUND_MS);
  // While requests were still in flight it was alive and refused new connections.
  expect(run.aliveWhileChecked).toBe(true);
  expect(run.acceptedDuringShutdown).toBe(false);
  // The open event stream was ended by the server, before it exited.
  expect(run.streamEnd).toBe("ended");
  expect(run.streamEndedBeforeExit).toBe(true);
  // Requests in flight at the signal were finished.
  expect(run.inFlightStatuses, run.inFlightBodies.join("\n")).toEqual([201, 201, 201]);
  // Every answer is an acknowledgement or a 503 while closing; no connection dropped under a request
  // that had reached the server.
  for (const outcome of run.outcomes) {
    if (outcome.status !== undefined) expect([201, 503]).toContain(outcome.status);
    else expect(outcome.sentAt, outcome.error).toBeGreaterThan(run.signalAt - REACHED_SERVER_MS);
  }
  expect(run.acknowledged.length).toBeGreaterThanOrEqual(10);
}

const pgQuery = async (url, text, values) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
};

/** Runs `fn` with the URL of a new database on DATABASE_URL's server, dropped afterwards. */
async function withFreshPostgres(fn) {
  const admin = process.env.DATABASE_URL;
  const name = `foreman_faults_${randomBytes(4).toString("hex")}`;
  await pgQuery(admin, `CREATE DATABASE ${name}`);
  try {
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await pgQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

const summary = (run) =>
  `exit ${run.exit.code} ${Math.round(run.shutdownMs)} ms after SIGTERM (${Math.round(run.closeMs)} ms after the last request), ${run.acknowledged.length} acknowledged writes`;

describe("SIGTERM under load", () => {
  it("PGlite: exits 0 after finishing what is in flight, and every acknowledged write is there", async () => {
    const dataDir = seededCopy();
    const run = await sigtermUnderLoad({ port: 3350, env: { DATA_DIR: dataDir } });
    expectCleanShutdown(run);
    // Reopen: the server starts again on the same directory and has every acknowledged write.
    const server = await startServer({ port: 3351, env: { DATA_DIR: dataDir } });
    try {
      const headers = await signInDemo(server.baseUrl);
      expect(await missingWrites(server.baseUrl, headers, run.acknowledged)).toEqual([]);
      server.signal("SIGTERM");
      expect((await server.exited).code).toBe(0);
    } finally {
      server.kill();
    }
    console.info(`SIGTERM on PGlite: ${summary(run)}; reopened in ${Math.round(server.readyMs)} ms`);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "PostgreSQL (DATABASE_URL): the same, and the rows are in the database",
    async () => {
      await withFreshPostgres(async (url) => {
        const run = await sigtermUnderLoad({ port: 3352, env: { DATABASE_URL: url } });
        expectCleanShutdown(run);
        const ids = run.acknowledged.map((write) => write.id);
        const stored = await pgQuery(url, "select id from messages where id = any($1::uuid[])", [ids]);
        expect(stored.rows.map((row) => row.id).sort()).toEqual([...ids].sort());
        console.info(`SIGTERM on PostgreSQL: ${summary(run)}`);
      });
    },
  );
});

describe("kill -9 during writes on PGlite", () => {
  it("opens the same data directory again with every acknowledged write, twice over", async () => {
    const run = await kill9DuringWrites({ port: 3360, dataDir: seededCopy(), rounds: 2 });
    expect(run.restarts).toHaveLength(2);
    for (const restart of run.restarts) expect(restart.missing, `of ${restart.checked} writes`).toBe(0);
    expect(run.acknowledged).toBeGreaterThanOrEqual(10);
    expect(run.killsMidRequest).toBe(2);
    expect(run.lastExit.code).toBe(0);
    console.info(
      `kill -9 on PGlite: ${run.acknowledged} acknowledged writes over ${run.restarts.length} kills, none missing; restarts ready in ${run.restarts.map((r) => Math.round(r.readyMs)).join(", ")} ms`,
    );
  });
});

describe("kill -9 of the server process under npm start's supervisor, while an AI employee answers", () => {
  const expectRestartedAndAnsweredOnce = (run) => {
    expect(run.replies.map((reply) => reply.content)).toEqual(["Thanks for waiting! Our pallets are $18 each."]);
    expect(run.modelRequests).toBe(2);
    expect(run.output).toMatch(/\[supervisor\] the server was killed \(SIGKILL\); starting it again in 1 s\./);
    // Asked to stop after the restart, the supervisor passes it on and exits with the server's code.
    expect(run.exit).toEqual(expect.objectContaining({ code: 0, signal: null }));
    console.info(`supervised restart after kill -9: ready again in ${Math.round(run.restartMs)} ms`);
  };

  it("PGlite: the supervisor starts it again on the same port, and the queued job is answered once", async () => {
    const run = await killMidJob({ port: 3380, env: { DATA_DIR: seededCopy() }, restart: "supervisor" });
    expectRestartedAndAnsweredOnce(run);
  });

  it.skipIf(!process.env.DATABASE_URL)("PostgreSQL (DATABASE_URL): the same, through graphile-worker", async () => {
    await withFreshPostgres(async (url) => {
      const env = { DATABASE_URL: url, SEED_DEMO: "true" };
      expectRestartedAndAnsweredOnce(await killMidJob({ port: 3382, env, restart: "supervisor" }));
    });
  });
});

describe("kill -9 while an AI employee answers", () => {
  const expectAnsweredOnce = (run) => {
    expect(run.replies.map((reply) => reply.content)).toEqual(["Thanks for waiting! Our pallets are $18 each."]);
    expect(run.replies[0].reply_to).toBe(run.messageId);
    // The call cut off by the kill, and the one after the restart.
    expect(run.modelRequests).toBe(2);
  };

  it("PGlite: the restarted process answers the message, once", async () => {
    const run = await killMidJob({ port: 3370, env: { DATA_DIR: seededCopy() } });
    expectAnsweredOnce(run);
  });

  it.skipIf(!process.env.DATABASE_URL)("PostgreSQL (DATABASE_URL): the same, through graphile-worker", async () => {
    await withFreshPostgres(async (url) => {
      expectAnsweredOnce(await killMidJob({ port: 3372, env: { DATABASE_URL: url, SEED_DEMO: "true" } }));
    });
  });
});

describe("the SMTP server away for a minute while Foreman is killed and started again", () => {
  it("PGlite: the AI employee's reply to a customer mail is delivered once, after both", async () => {
    const run = await mailOutageAcrossRestart({ port: 3380, inboundPort: 3382, env: { DATA_DIR: seededCopy() } });
    expect(run.replies, run.output).toHaveLength(1);
    expect(run.replies[0]).toContain("Subject: Re: Pallets");
    expect(run.sent.attempts).toBeGreaterThanOrEqual(2);
    expect(run.sent.last_error).toBeNull();
  });
});
