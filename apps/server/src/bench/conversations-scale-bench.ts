// One run of the conversations-at-scale benchmark, started by `npm run bench -- conversations-scale`
// (scripts/bench/conversations-scale.mjs): seed a fresh database with N conversations and about ten
// messages each over many companies, serve the real app on a local port, time the inbox list (no
// filter, then each filter), a conversation's first page of messages, the tasks list and message
// search, interleaved request by request over 20 companies; then open 200 live event streams (200
// signed-in users of one company) and time a posted message's arrival on each. Prints one JSON line
// with every timing (ms); with --explain, the plans of each timed request's queries on stderr.
//
//   node --import tsx apps/server/src/bench/conversations-scale-bench.ts --engine pglite|postgres
//        --conversations N [--companies C] [--samples S] [--streams 200] [--posts 30]
//        [--database-url URL] [--explain] [--reuse]
// --reuse measures a database an earlier run seeded (its bench user and companies) instead of seeding.
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { CLIENT_ID_HEADER, COMPANY_ID_HEADER, WEB_CLIENT_ID } from "@foreman/contract";
import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { buildApp } from "#server/app.ts";
import type { Db } from "#server/db/client.ts";
import { openDatabase } from "#server/db/client.ts";
import * as schema from "#server/db/schema/index.ts";
import { memberships, users } from "#server/db/schema/index.ts";
import { ensureWebClient, issueToken } from "#server/modules/auth/index.ts";
import { prepareDatabase } from "#server/prepare-database.ts";
import { benchConfig, listenOnLoopback, roundMs, uncachedGet } from "./bench-app.ts";
import { type ConversationsWorkspace, seedConversationsWorkspace } from "./bench-conversations-seed.ts";
import { BENCH_EMAIL } from "./bench-user.ts";
import { explainRequests } from "./conversations-scale-explain.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "pglite" },
    conversations: { type: "string", default: "10000" },
    companies: { type: "string", default: "100" },
    samples: { type: "string", default: "200" },
    streams: { type: "string", default: "200" },
    posts: { type: "string", default: "30" },
    "database-url": { type: "string" },
    explain: { type: "boolean", default: false },
    reuse: { type: "boolean", default: false },
  },
});
const engine = values.engine === "postgres" ? "postgres" : "pglite";
const conversationCount = Number(values.conversations);
const companies = Number(values.companies);
const samples = Number(values.samples);
const streamCount = Number(values.streams);
const posts = Number(values.posts);
if (engine === "postgres" && !values["database-url"]) throw new Error("--database-url is required for postgres");

/** Search words: an order number (rare: a handful of messages in all), a product, a common word, two words. */
export const SEARCHES = {
  searchRare: "48213",
  searchProduct: "walnut",
  searchCommon: "delivery",
  searchTwoWords: "walnut saturday",
} as const;

/** What is timed, per company (its own AI employee, conversation and customer name). */
function endpoints(probe: ConversationsWorkspace["companies"][number]["probe"]): Record<string, string> {
  return {
    inbox: "/app/conversations.json",
    inboxStage: "/app/conversations.json?stage=qualified",
    inboxChannel: "/app/conversations.json?channel=sms",
    inboxStatus: "/app/conversations.json?status=open",
    inboxAiEmployee: `/app/conversations.json?ai_employee_id=${probe.aiEmployeeId}`,
    inboxQ: `/app/conversations.json?q=${encodeURIComponent(probe.customerName)}`,
    messagesPage: `/app/conversations/${probe.conversationId}/messages.json`,
    tasks: "/app/tasks.json",
    ...Object.fromEntries(
      Object.entries(SEARCHES).map(([key, q]) => [key, `/app/messages/search.json?q=${encodeURIComponent(q)}`]),
    ),
  };
}

const started = performance.now();
/** Plain SQL on the seeding connection (set once it is open). */
let seedingRawQuery: (text: string, params: unknown[]) => Promise<unknown[]> = async () => [];

const { config, removeDataDir } = benchConfig("conversations-bench", {
  DATABASE_URL: engine === "postgres" ? values["database-url"] : undefined,
  // The live streams' clients each come from their own address, as browsers behind a proxy do: the
  // limit on streams opened per client network (60 a minute) stays as it is.
  TRUST_PROXY: "loopback",
});
const database = await openDatabase(config);
const log = (line: string) => process.stderr.write(`  [${engine} ${conversationCount}] ${line}\n`);
try {
  await prepareDatabase(database, { seedDemo: false });
  const seeding = await seedingDatabase();
  const reused = values.reuse ? await seededWorkspace() : null;
  const workspace =
    reused ??
    (await seedConversationsWorkspace(seeding.db, {
      conversations: conversationCount,
      companies,
      copyPool: seeding.pool,
      onProgress: (done) => {
        if (done % Math.max(1, Math.floor(companies / 10)) === 0)
          log(`seeded ${done}/${companies} companies (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      },
    }));
  log(`seeded ${JSON.stringify(workspace.counts)} in ${(workspace.seedMs / 1000).toFixed(0)} s`);
  if (values.explain) {
    const first = workspace.companies[0]!;
    await explainRequests(seeding.explainDb, seeding.rawQuery, first.companyId, first.probe, SEARCHES, log);
  }

  const app = await buildApp({ config, database });
  const base = await listenOnLoopback(app);
  try {
    const application = await ensureWebClient(database.db);
    const token = async (userId: string) =>
      (await issueToken(database.db, { userId, applicationId: application.id, now: new Date() })).accessToken;
    const benchToken = await token(workspace.userId);
    const results = await measureLists(app, base, benchToken, workspace);
    const live = await measureLiveStream(base, workspace, benchToken, token);
    const row = {
      engine,
      companies,
      samples,
      counts: workspace.counts,
      seedMs: reused ? null : workspace.seedMs,
      results: results.timings,
      failures: results.failures,
      live,
    };
    process.stdout.write(`${JSON.stringify(row)}\n`);
  } finally {
    await app.close();
  }
  await seeding.close();
} finally {
  await database.close();
  removeDataDir();
}

/** Each endpoint `samples` times after 20 warm-ups, interleaved, round-robin over 20 companies. */
async function measureLists(app: FastifyInstance, base: string, token: string, workspace: ConversationsWorkspace) {
  const rotation = workspace.companies.slice(0, 20);
  const keys = Object.keys(endpoints(rotation[0]!.probe));
  const results: Record<string, number[]> = Object.fromEntries(keys.map((key) => [key, []]));
  // Answers other than 200 (a 503 when the app's stall watch gives up on a loaded machine): counted and
  // timed like the others, so a bad run shows as one.
  const failures: Record<string, string[]> = {};
  for (let i = 0; i < samples + 20; i++) {
    const company = rotation[i % rotation.length]!;
    for (const [name, url] of Object.entries(endpoints(company.probe))) {
      const answer = await uncachedGet(app, base + url, token, company.companyId);
      if (!answer.ok) {
        failures[name] = [...(failures[name] ?? []), `HTTP ${answer.status} ${answer.body.slice(0, 120)}`];
        log(`${name}: HTTP ${answer.status} after ${answer.ms.toFixed(0)} ms`);
      }
      if (i >= 20) results[name]!.push(roundMs(answer.ms)); // the first 20 warm the caches and the JIT
    }
  }
  return { timings: results, failures };
}

/** The workspace an earlier run seeded in this database (--reuse): its first 20 companies are enough. */
async function seededWorkspace(): Promise<ConversationsWorkspace | null> {
  const [user] = await rawRows<{ id: string }>("select id from users where email = $1", [BENCH_EMAIL]);
  if (!user) return null;
  const companyRows = await rawRows<{ id: string }>(
    "select c.id from companies c join memberships m on m.company_id = c.id where m.user_id = $1 and c.name like 'Bench company %' order by c.created_at limit 20",
    [user.id],
  );
  const seeded = [];
  for (const { id } of companyRows) {
    const one = async (text: string) => (await rawRows<{ value: string }>(text, [id]))[0]!.value;
    seeded.push({
      companyId: id,
      probe: {
        aiEmployeeId: await one("select id as value from ai_employees where company_id = $1 and name = 'Ava'"),
        conversationId: await one(
          "select id as value from conversations where company_id = $1 order by display_id desc limit 1",
        ),
        customerName: (await one("select full_name as value from customers where company_id = $1 limit 1")).split(
          " ",
        )[1]!,
      },
    });
  }
  const count = async (table: string) =>
    Number((await rawRows<{ n: string }>(`select count(*) as n from ${table}`, []))[0]!.n);
  const counts = {
    conversations: await count("conversations"),
    messages: await count("messages"),
    leads: await count("leads"),
    tasks: await count("tasks"),
    customers: await count("customers"),
  };
  log(`reusing the seeded database: ${JSON.stringify(counts)}`);
  return { userId: user.id, companies: seeded, counts, seedMs: 0 };
}

/**
 * `streamCount` users of the first company, each with a stream from its own address, and `posts`
 * staff messages posted one at a time by the bench user into the company's newest conversations.
 */
async function measureLiveStream(
  base: string,
  workspace: ConversationsWorkspace,
  benchToken: string,
  token: (userId: string) => Promise<string>,
) {
  const companyId = workspace.companies[0]!.companyId;
  const runId = Date.now().toString(36);
  const [bench] = await database.db
    .select({ digest: users.passwordDigest })
    .from(users)
    .where(inArray(users.id, [workspace.userId]));
  const created = await database.db
    .insert(users)
    .values(
      Array.from({ length: streamCount }, (_, i) => ({
        email: `stream-${runId}-${i + 1}@example.com`,
        firstName: "Stream",
        lastName: `User ${i + 1}`,
        passwordDigest: bench!.digest,
      })),
    )
    .returning({ id: users.id });
  await database.db
    .insert(memberships)
    .values(created.map(({ id }) => ({ userId: id, companyId, role: "member" as const })));
  const streams = [];
  for (const [i, { id }] of created.entries())
    streams.push({ token: await token(id), companyId, address: `10.${Math.floor(i / 250)}.${i % 250}.1` });
  const conversationIds = (
    await rawRows<{ id: string }>(
      `select id from conversations where company_id = $1 order by last_activity_at desc limit 10`,
      [companyId],
    )
  ).map((row) => row.id);
  const worker = new Worker(new URL("./live-stream-clients.mjs", import.meta.url), {
    workerData: {
      base,
      headerNames: { clientId: CLIENT_ID_HEADER, companyId: COMPANY_ID_HEADER, webClientId: WEB_CLIENT_ID },
      streams,
      poster: { token: benchToken, companyId, conversationIds },
      posts,
      gapMs: 250,
      waitMs: 10_000,
    },
  });
  const answer = await new Promise<{ latencies: number[]; missed: number; postMs: number[]; error?: string }>(
    (resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    },
  );
  await worker.terminate();
  if (answer.error) throw new Error(`live stream clients: ${answer.error}`);
  return { streams: streamCount, posts, ...answer };
}

async function rawRows<T>(text: string, params: unknown[]): Promise<T[]> {
  return (await seedingRawQuery(text, params)) as T[];
}

/**
 * Where the data is written and plans are read. On PostgreSQL a plain pool with room for index builds
 * (the app's pool drops its connections when a probe of a busy server is slow, which a long bulk
 * statement causes on a loaded machine: see docs/benchmarks.md). PGlite has one connection.
 */
async function seedingDatabase(): Promise<{
  db: Db;
  pool?: pg.Pool;
  explainDb: (logger: (query: string, params: unknown[]) => void) => Promise<Db>;
  rawQuery: (text: string, params: unknown[]) => Promise<unknown[]>;
  close(): Promise<void>;
}> {
  if (engine === "pglite") {
    const client = (
      database.db as unknown as { $client: { query(t: string, p: unknown[]): Promise<{ rows: unknown[] }> } }
    ).$client;
    const rawQuery = async (text: string, params: unknown[]) => (await client.query(text, params)).rows;
    seedingRawQuery = rawQuery;
    const { drizzle } = await import("drizzle-orm/pglite");
    return {
      db: database.db,
      rawQuery,
      explainDb: async (logger) =>
        drizzle({ client: client as never, schema, logger: { logQuery: logger } }) as unknown as Db,
      close: async () => {},
    };
  }
  const [{ default: pgModule }, { drizzle }] = await Promise.all([import("pg"), import("drizzle-orm/node-postgres")]);
  const pool = new pgModule.Pool({
    connectionString: values["database-url"],
    max: 2,
    // Index builds of ten million rows; a bulk load need not wait for each commit to reach the disk.
    options: "-c maintenance_work_mem=512MB -c synchronous_commit=off",
  });
  const rawQuery = async (text: string, params: unknown[]) => (await pool.query(text, params)).rows;
  seedingRawQuery = rawQuery;
  return {
    db: drizzle({ client: pool, schema }) as unknown as Db,
    pool,
    rawQuery,
    explainDb: async (logger) => drizzle({ client: pool, schema, logger: { logQuery: logger } }) as unknown as Db,
    close: () => pool.end(),
  };
}
