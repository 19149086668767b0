// One run of the tickets benchmark, started by `npm run bench -- tickets` (scripts/bench/tickets.mjs):
// seed a fresh database with N orders (the sales benchmark's workspace) and N support tickets over many
// companies, serve the real app on a local port, and time the tickets list with filters beside the
// orders list with a state filter, interleaved request by request so both see the same machine. Prints
// one JSON line with every timing (ms); with --explain, the plans of the three lists' queries on stderr;
// with --try-index, a second round after adding CANDIDATE_INDEX (a what-if: no migration has it).
//
//   node --import tsx apps/server/src/bench/tickets-bench.ts --engine pglite|postgres --orders N --tickets N
//        [--companies C] [--samples S] [--database-url URL] [--explain] [--try-index]
import { parseArgs } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import { buildApp } from "#server/app.ts";
import type { Db } from "#server/db/client.ts";
import { openDatabase } from "#server/db/client.ts";
import * as schema from "#server/db/schema/index.ts";
import { tickets } from "#server/db/schema/index.ts";
import { listTickets, type TicketsFilter, ticketsWhere } from "#server/modules/tickets/tickets.repository.ts";
import { prepareDatabase } from "#server/prepare-database.ts";
import { benchConfig, listenOnLoopback, roundMs, uncachedGet } from "./bench-app.ts";
import { seedBenchTickets } from "./bench-tickets.ts";
import { signInBenchUser } from "./bench-user.ts";
import { seedBenchWorkspace } from "./bench-workspace.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "pglite" },
    orders: { type: "string", default: "10000" },
    tickets: { type: "string" },
    companies: { type: "string", default: "100" },
    samples: { type: "string", default: "200" },
    "database-url": { type: "string" },
    explain: { type: "boolean", default: false },
    "try-index": { type: "boolean", default: false },
  },
});
const engine = values.engine === "postgres" ? "postgres" : "pglite";
const orders = Number(values.orders);
const ticketCount = Number(values.tickets ?? values.orders);
const companies = Number(values.companies);
const samples = Number(values.samples);
if (engine === "postgres" && !values["database-url"]) throw new Error("--database-url is required for postgres");

/** What is timed: the orders list as the sales bench asks for it with a state, and two tickets lists. */
const ENDPOINTS: Record<string, string> = {
  quotesList: "/app/quotes.json?relative_date=monthly&q[state_eq]=completed",
  ticketsOpenHigh: "/app/tickets.json?status=open&priority=high",
  ticketsOpen: "/app/tickets.json?status=open",
};

/** A what-if beside the status index (which carries the filters): a narrower index for the priority filter. */
const CANDIDATE_INDEX = sql`create index tickets_company_id_priority_status_idx on tickets (company_id, priority, status)`;

const { config, removeDataDir } = benchConfig("tickets-bench", {
  DATABASE_URL: engine === "postgres" ? values["database-url"] : undefined,
});
const database = await openDatabase(config);
try {
  await prepareDatabase(database, { seedDemo: false });
  const log = (line: string) => process.stderr.write(`  [${engine} ${orders}/${ticketCount}] ${line}\n`);
  const progress = (what: string) => (done: number) => {
    if (done % Math.max(1, Math.floor(companies / 5)) === 0) log(`${what}: ${done}/${companies} companies`);
  };
  const seeding = await seedingDatabase();
  const workspace = await seedBenchWorkspace(seeding.db, { orders, companies, onProgress: progress("orders") });
  log(`seeded ${workspace.orders} orders in ${(workspace.seedMs / 1000).toFixed(0)} s`);
  const ticketsStarted = performance.now();
  const seededTickets = await seedBenchTickets(seeding.db, {
    companyIds: workspace.companyIds,
    total: ticketCount,
    onProgress: progress("tickets"),
  });
  const ticketsSeedMs = performance.now() - ticketsStarted;
  await seeding.close();
  log(`seeded ${seededTickets} tickets in ${(ticketsSeedMs / 1000).toFixed(0)} s`);
  if (values.explain) await explainLists(database.db, workspace.companyIds[0]!, log);

  const app = await buildApp({ config, database });
  const base = await listenOnLoopback(app);
  try {
    const token = await signInBenchUser(base);
    // Round-robin over some companies, so one company's pages are not always hot in the cache.
    const rotation = workspace.companyIds.slice(0, 20);
    const totals: Record<string, number> = {};
    const measure = async () => {
      const results: Record<string, number[]> = Object.fromEntries(Object.keys(ENDPOINTS).map((key) => [key, []]));
      for (let i = 0; i < samples + 20; i++) {
        const companyId = rotation[i % rotation.length]!;
        for (const [name, url] of Object.entries(ENDPOINTS)) {
          const answer = await uncachedGet(app, base + url, token, companyId);
          if (!answer.ok) throw new Error(`${name}: HTTP ${answer.status} ${answer.body}`);
          totals[name] = (JSON.parse(answer.body) as { total?: number }).total ?? 0;
          if (i >= 20) results[name]!.push(roundMs(answer.ms)); // the first 20 warm the caches and the JIT
        }
      }
      return results;
    };
    const results = await measure();
    let withIndex: Record<string, number[]> | undefined;
    if (values["try-index"]) {
      await database.db.execute(CANDIDATE_INDEX);
      await database.db.execute(sql`vacuum analyze tickets`);
      if (values.explain) await explainLists(database.db, workspace.companyIds[0]!, log, "with the candidate index");
      withIndex = await measure();
    }
    const row = {
      engine,
      orders: workspace.orders,
      tickets: seededTickets,
      companies,
      samples,
      seedMs: workspace.seedMs + ticketsSeedMs,
      // What one company's last request matched: the size of what each list counts.
      matched: totals,
      results,
      withIndex,
    };
    process.stdout.write(`${JSON.stringify(row)}\n`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  removeDataDir();
}

/**
 * Where the data is written. On PostgreSQL, a plain pool: the app's pool drops every connection when a
 * probe of the server takes over a second (db/stalled-connections.ts), which a loaded machine causes
 * while a long bulk statement runs, and the load would die mid-way. PGlite has one connection.
 */
async function seedingDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  if (engine === "pglite") return { db: database.db, close: async () => {} };
  const [{ default: pg }, { drizzle }] = await Promise.all([import("pg"), import("drizzle-orm/node-postgres")]);
  const pool = new pg.Pool({ connectionString: values["database-url"], max: 2 });
  return { db: drizzle({ client: pool, schema }) as unknown as Db, close: () => pool.end() };
}

/** EXPLAIN ANALYZE of the queries behind the three lists for one company, on stderr. */
async function explainLists(db: Db, companyId: string, log: (line: string) => void, note = "") {
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const explain = async (label: string, query: SQL) => {
    const result = (await db.execute(sql`explain (analyze, buffers) ${query}`)) as unknown as {
      rows: Record<string, string>[];
    };
    log(`plan: ${label}${note ? ` (${note})` : ""}`);
    for (const line of result.rows) process.stderr.write(`      ${Object.values(line)[0]}\n`);
  };
  const page = (filter: TicketsFilter) => listTickets(db, filter, "open", "-created_at", 25, 0).getSQL();
  const counts = (filter: TicketsFilter) =>
    sql`select count(*), count(*) filter (where ${tickets.status} = 'open'), count(*) filter (where ${tickets.status} = 'closed') from ${tickets} where ${ticketsWhere(filter, "all")}`;
  const openHigh: TicketsFilter = { companyId, priority: "high", period: null };
  const open: TicketsFilter = { companyId, period: null };
  await explain("tickets page, status=open&priority=high", page(openHigh));
  await explain("tickets counts, priority=high", counts(openHigh));
  await explain("tickets page, status=open", page(open));
  await explain("tickets counts, no filter", counts(open));
  const quotesWhere = sql`q.company_id = ${companyId} and q.is_test = false and q.state = 'completed' and q.created_at >= ${monthAgo}::timestamptz and q.created_at < now()`;
  await explain(
    "quotes page, state=completed, the last 30 days",
    sql`select q.id, q.number, q.created_at, q.total_cents, q.currency, q.state, c.full_name, c.organization from quotes q left join customers c on c.id = q.customer_id where ${quotesWhere} order by q.created_at desc, q.id desc limit 25`,
  );
  await explain("quotes count", sql`select count(*) from quotes q where ${quotesWhere}`);
}
