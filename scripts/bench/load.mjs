// `npm run bench -- load`: 50 connections for 60 s of mixed reads and writes (staff replies and
// action-item answers) against `npm start` on the demo workspace, on PGlite and, when it answers, on
// PostgreSQL. Goals: no errors, no non-2xx but the intended 409s (an item already answered or past
// due), p99 quoted; and every write acknowledged with a 2xx is in the database afterwards, read back
// after the server has stopped.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { ADMIN_URL, postgresAnswers, withScratchDatabase } from "../postgres-admin.mjs";
import { startServer, stopServer } from "./server-process.mjs";
import { signIn } from "./sign-in.mjs";

const CONNECTIONS = 50;
const READS = ["/app/me.json", "/app/ai_departments.json", "/app/conversations.json", "/app/tasks.json"];

async function getJson(base, url, headers) {
  const response = await fetch(`${base}${url}`, { headers });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

/** What the run writes to: the company's conversations and its action items still to do. */
async function targets(base, headers) {
  const conversations = (await getJson(base, "/app/conversations.json?per_page=50", headers)).conversations;
  const tasks = [];
  for (let page = 1; page <= 5; page++) {
    const batch = (await getJson(base, `/app/tasks.json?state=to_do&page=${page}`, headers)).tasks;
    tasks.push(...batch);
    if (batch.length === 0) break;
  }
  return { conversationIds: conversations.map((c) => c.id), tasks };
}

function resolutionOf(task) {
  return task.action_type === "authorize" ? { decision: "authorized" } : { answer: "Yes, go ahead (load run)." };
}

function run(base, headers, { conversationIds, tasks }, seconds) {
  const acknowledged = { messages: new Set(), tasks: new Set() };
  const statuses = new Map();
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        headers,
        requests: [
          {
            setupRequest(request, context) {
              const roll = Math.random();
              if (roll < 0.15 && conversationIds.length > 0) {
                const content = `Load run reply ${randomUUID()}`;
                context.write = { kind: "message", content };
                return {
                  ...request,
                  method: "POST",
                  path: `/app/conversations/${pick(conversationIds)}/messages.json`,
                  headers: { ...headers, "content-type": "application/json" },
                  body: JSON.stringify({ content }),
                };
              }
              if (roll < 0.25 && tasks.length > 0) {
                const task = pick(tasks);
                context.write = { kind: "task", id: task.id };
                return {
                  ...request,
                  method: "POST",
                  path: `/app/tasks/${task.id}/resolution.json`,
                  headers: { ...headers, "content-type": "application/json" },
                  body: JSON.stringify(resolutionOf(task)),
                };
              }
              context.write = null;
              return { ...request, method: "GET", path: pick(READS), headers };
            },
            onResponse(status, body, context) {
              const kind = context.write?.kind ?? "read";
              const key = `${kind} ${status}`;
              statuses.set(key, (statuses.get(key) ?? 0) + 1);
              if (status >= 200 && status < 300 && context.write?.kind === "message")
                acknowledged.messages.add(JSON.parse(body).id);
              if (status >= 200 && status < 300 && context.write?.kind === "task")
                acknowledged.tasks.add(context.write.id);
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve({ result, statuses, acknowledged })),
    );
  });
}

/** The acknowledged writes found in the database, read directly once the server has stopped. */
async function readBack(engine, where, acknowledged) {
  const messageIds = [...acknowledged.messages];
  const taskIds = [...acknowledged.tasks];
  const queries = [
    ["select count(*)::int as n from messages where id = any($1::uuid[])", [messageIds]],
    ["select count(*)::int as n from tasks where id = any($1::uuid[]) and state = 'done'", [taskIds]],
  ];
  const counts = [];
  if (engine === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(where);
    for (const [text, params] of queries) counts.push((await db.query(text, params)).rows[0].n);
    await db.close();
  } else {
    const client = new pg.Client({ connectionString: where });
    await client.connect();
    for (const [text, params] of queries) counts.push((await client.query(text, params)).rows[0].n);
    await client.end();
  }
  return { messages: counts[0], tasks: counts[1] };
}

async function benchEngine(engine, { seconds, databaseUrl }) {
  const port = 3194;
  const dataDir = mkdtempSync(path.join(tmpdir(), "foreman-load-"));
  const env = { RATE_LIMIT_MAX: "100000000", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const { child } = await startServer({ port, dataDir, env });
  let stopped = false;
  try {
    const base = `http://127.0.0.1:${port}`;
    const { token, companyId } = await signIn(base);
    const headers = { authorization: `Bearer ${token}`, "x-company-id": companyId };
    const writeTargets = await targets(base, headers);
    const { result, statuses, acknowledged } = await run(base, headers, writeTargets, seconds);
    await stopServer(child, port);
    stopped = true;
    const found = await readBack(engine, databaseUrl ?? dataDir, acknowledged);
    const unexpected = [...statuses].filter(([key]) => {
      const [kind, status] = key.split(" ");
      return !(status.startsWith("2") || (kind === "task" && status === "409"));
    });
    const row = {
      engine,
      requests: result.requests.total,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      statuses: Object.fromEntries([...statuses].sort()),
      unexpected: unexpected.reduce((sum, [, count]) => sum + count, 0),
      acknowledged: { messages: acknowledged.messages.size, tasks: acknowledged.tasks.size },
      found,
    };
    row.ok =
      row.errors === 0 &&
      row.unexpected === 0 &&
      found.messages === row.acknowledged.messages &&
      found.tasks === row.acknowledged.tasks;
    return row;
  } finally {
    if (!stopped) await stopServer(child, port);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(row) {
  console.log(
    `${row.ok ? "ok  " : "MISS"} ${row.engine}: ${row.requests.toLocaleString("en-US")} requests, ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.errors} errors, ${row.unexpected} unexpected statuses`,
  );
  console.log(
    `     statuses: ${Object.entries(row.statuses)
      .map(([k, v]) => `${k}: ${v}`)
      .join(", ")}`,
  );
  console.log(
    `     acknowledged writes in the database after the run: messages ${row.found.messages}/${row.acknowledged.messages}, answered items ${row.found.tasks}/${row.acknowledged.tasks}`,
  );
}

/** `only` limits the run to "pglite" or "postgres"; by default both (PostgreSQL when it answers). */
export async function benchLoad({ only, seconds = 60 } = {}) {
  const rows = [];
  if (only !== "postgres") {
    console.log(`\nLoad on PGlite: ${CONNECTIONS} connections, ${seconds} s, reads with 15% replies and 10% answers`);
    rows.push(await benchEngine("pglite", { seconds }));
    print(rows.at(-1));
  }
  if (only !== "pglite") {
    if (await postgresAnswers()) {
      console.log(
        `\nLoad on PostgreSQL: ${CONNECTIONS} connections, ${seconds} s, reads with 15% replies and 10% answers`,
      );
      rows.push(
        await withScratchDatabase(`foreman_load_bench_${process.pid}`, (databaseUrl) =>
          benchEngine("postgres", { seconds, databaseUrl }),
        ),
      );
      print(rows.at(-1));
    } else console.log(`\nPostgreSQL does not answer at ${new URL(ADMIN_URL).host}; measuring PGlite only.`);
  }
  return { rows, met: rows.every((row) => row.ok) };
}
