// A million conversations and ten million messages (issue 33): seed a fresh database with 1,000,000
// conversations and about 10,000,000 messages over 100 companies on PostgreSQL (100,000 and 1,000,000 on
// PGlite), then time the inbox list unfiltered and with each filter, a conversation's first page of
// messages, the tasks list and message search (goal: p95 ≤ 50 ms each), and a new message's arrival on
// 200 open live event streams (goal: p95 ≤ 1 s). Each engine is its own process
// (apps/server/src/bench/conversations-scale-bench.ts); PostgreSQL gets a fresh database, dropped afterwards.
//   npm run bench -- conversations-scale [pglite|postgres] [conversations]
//   CONVERSATIONS_BENCH_EXPLAIN=1 prints the plans of every timed request's queries.
import { runWorker } from "./bench-worker.mjs";
import { enginesToMeasure, runOnEngine } from "./engines.mjs";
import { timingFigures } from "./stats.mjs";

const SIZES = { pglite: 100_000, postgres: 1_000_000 };
const LIST_GOAL_MS = 50;
const LIVE_GOAL_MS = 1000;
const ENDPOINTS = {
  inbox: "inbox, no filter",
  inboxStage: "inbox, stage=qualified",
  inboxChannel: "inbox, channel=sms",
  inboxStatus: "inbox, status=open",
  inboxAiEmployee: "inbox, ai_employee_id",
  inboxQ: "inbox, q=<a customer's surname>",
  messagesPage: "a conversation's first page of messages",
  tasks: "tasks list",
  searchRare: "message search, an order number",
  searchProduct: "message search, a product word",
  searchCommon: "message search, a common word",
  searchTwoWords: "message search, two words",
};

const runOnce = (args) => runWorker("apps/server/src/bench/conversations-scale-bench.ts", args, "conversations-scale");

function benchEngine(engine, size) {
  const args = ["--engine", engine, "--conversations", String(size)];
  if (process.env.CONVERSATIONS_BENCH_EXPLAIN) args.push("--explain");
  return runOnEngine(engine, `foreman_conversations_bench_${process.pid}_${size}`, args, runOnce);
}

const ms = (value) => value.toFixed(1).padStart(7);
const count = (value) => value.toLocaleString("en-US");

/** `only` limits the run to "pglite" or "postgres"; by default both (PostgreSQL when it answers). */
export async function benchConversationsScale({ only, size } = {}) {
  const engines = await enginesToMeasure(only);
  const rows = [];
  for (const engine of engines) {
    const n = size ?? SIZES[engine];
    console.log(`\nConversations at scale: seeding ${count(n)} conversations (about ten messages each) on ${engine}…`);
    rows.push(await benchEngine(engine, n));
  }

  let met = true;
  console.log("\nLists and search over HTTP, interleaved, 200 requests each, round-robin over 20 companies (ms)");
  console.log("engine     conversations    messages  request                                    p50      p95      max");
  for (const row of rows) {
    for (const [key, name] of Object.entries(ENDPOINTS)) {
      const r = timingFigures(row.results[key]);
      const ok = r.p95 <= LIST_GOAL_MS;
      met &&= ok;
      console.log(
        `${row.engine.padEnd(9)} ${count(row.counts.conversations).padStart(14)} ${count(row.counts.messages).padStart(11)}  ${name.padEnd(40)} ${ms(r.p50)}  ${ms(r.p95)}  ${ms(r.max)} ${ok ? "ok" : "MISS"}`,
      );
    }
  }
  console.log("\nLive stream: a posted staff message → message.created on each open stream (ms)");
  for (const row of rows) {
    const live = timingFigures(row.live.latencies);
    const post = timingFigures(row.live.postMs);
    const ok = live.p95 <= LIVE_GOAL_MS && row.live.missed === 0;
    met &&= ok;
    console.log(
      `${ok ? "ok  " : "MISS"} ${row.engine}: ${row.live.streams} streams × ${row.live.posts} posts: p50 ${live.p50.toFixed(1)}, p95 ${live.p95.toFixed(1)}, max ${live.max.toFixed(1)} ms (goal p95 ≤ ${LIVE_GOAL_MS} ms); ${row.live.missed} missed; the POST itself p50 ${post.p50.toFixed(1)}, p95 ${post.p95.toFixed(1)} ms`,
    );
  }
  for (const row of rows) {
    const seeded = row.seedMs === null ? "reused an earlier seed" : `seeded in ${(row.seedMs / 1000).toFixed(0)} s`;
    console.log(`${row.engine}: ${JSON.stringify(row.counts)}, ${seeded}`);
    for (const [key, answers] of Object.entries(row.failures ?? {})) {
      met = false;
      console.log(`MISS ${row.engine} ${ENDPOINTS[key]}: ${answers.length} answers were not 200 (${answers[0]})`);
    }
  }
  return { rows, met };
}
