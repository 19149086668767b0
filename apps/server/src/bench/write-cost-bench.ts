// What the data-change notices cost a write (migration 0024: a statement-level trigger on every company
// table that NOTIFYs the company's id, for the answer cache). Started by `npm run bench -- write-cost`
// (scripts/bench/write-cost.mjs): the demo workspace on a fresh database, the real app on a local port,
// and a staff reply posted over HTTP as the web app posts it, in blocks with the notices' triggers
// enabled and disabled in turn (the same statements, the same machine minute), then one row updated in
// SQL alone the same way. Prints one JSON line with every timing (ms).
//
//   node --import tsx apps/server/src/bench/write-cost-bench.ts --engine pglite|postgres [--database-url URL]
import { parseArgs } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import { buildApp } from "#server/app.ts";
import { openDatabase } from "#server/db/client.ts";
import { ensureWebClient, issueToken } from "#server/modules/auth/index.ts";
import { prepareDatabase } from "#server/prepare-database.ts";
import { DEMO_USERS } from "#server/seed/demo-data.ts";
import { benchConfig, listenOnLoopback, roundMs, timedPost } from "./bench-app.ts";

const { values } = parseArgs({
  options: {
    engine: { type: "string", default: "pglite" },
    rounds: { type: "string", default: "10" },
    writes: { type: "string", default: "50" },
    "database-url": { type: "string" },
  },
});
const engine = values.engine === "postgres" ? "postgres" : "pglite";
const rounds = Number(values.rounds);
const writesPerBlock = Number(values.writes);
if (engine === "postgres" && !values["database-url"]) throw new Error("--database-url is required for postgres");

const log = (line: string) => process.stderr.write(`  [write-cost ${engine}] ${line}\n`);
const { config, removeDataDir } = benchConfig("write-cost-bench", {
  DATABASE_URL: engine === "postgres" ? values["database-url"] : undefined,
});
const database = await openDatabase(config);
// Both drivers answer a raw statement with its rows under `rows`.
const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

try {
  await prepareDatabase(database, { seedDemo: true });
  const demoEmail = DEMO_USERS[0]!.email;
  const [user] = await rows<{ id: string; company_id: string }>(sql`
    select u.id, m.company_id from users u join memberships m on m.user_id = u.id
    where u.email = ${demoEmail} order by m.created_at limit 1`);
  if (!user) throw new Error(`the demo seed made no ${demoEmail}`);
  const conversations = (
    await rows<{ id: string }>(sql`select id from conversations where company_id = ${user.company_id} limit 50`)
  ).map((row) => row.id);
  const triggers = await rows<{ table_name: string; trigger_name: string }>(sql`
    select tgrelid::regclass::text as table_name, tgname as trigger_name from pg_trigger
    where tgname ~ '_data_(insert|update|delete)$'`);
  log(`${conversations.length} conversations, ${triggers.length} data-change triggers`);
  const setTriggers = async (enabled: boolean) => {
    for (const { table_name, trigger_name } of triggers)
      await database.db.execute(
        sql.raw(`alter table ${table_name} ${enabled ? "enable" : "disable"} trigger "${trigger_name}"`),
      );
  };

  const app = await buildApp({ config, database });
  const base = await listenOnLoopback(app);
  try {
    const application = await ensureWebClient(database.db);
    const { accessToken } = await issueToken(database.db, {
      userId: user.id,
      applicationId: application.id,
      now: new Date(),
    });
    let sent = 0;
    const reply = async () => {
      const id = conversations[sent++ % conversations.length]!;
      const answer = await timedPost(
        `${base}/app/conversations/${id}/messages.json`,
        { content: `Write-cost bench reply ${sent}` },
        accessToken,
        user.company_id,
      );
      if (!answer.ok) throw new Error(`staff reply: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
      return answer.ms;
    };
    const update = async () => {
      const id = conversations[sent++ % conversations.length]!;
      const started = performance.now();
      await database.db.execute(sql`update conversations set last_activity_at = now() where id = ${id}`);
      return performance.now() - started;
    };
    const results: Record<string, { on: number[]; off: number[] }> = {
      reply: { on: [], off: [] },
      update: { on: [], off: [] },
    };
    // A warm-up block of each, then the rounds, the order of on and off swapped every round.
    for (let i = 0; i < writesPerBlock; i++) await reply();
    for (let i = 0; i < writesPerBlock; i++) await update();
    for (let round = 0; round < rounds; round++) {
      for (const enabled of round % 2 === 0 ? [true, false] : [false, true]) {
        await setTriggers(enabled);
        const mode = enabled ? "on" : "off";
        for (let i = 0; i < writesPerBlock; i++) results.reply![mode].push(roundMs(await reply()));
        for (let i = 0; i < writesPerBlock; i++) results.update![mode].push(roundMs(await update()));
      }
    }
    await setTriggers(true);
    log(`${sent} writes`);
    process.stdout.write(`${JSON.stringify({ engine, rounds, writesPerBlock, results })}\n`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  removeDataDir();
}
