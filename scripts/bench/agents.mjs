// `npm run bench -- agents`: the agent pipeline's cost. Customer messages go through the channel API
// (POST /api/v1/messages, one customer per sender) and are counted as done when their AI reply is
// stored (the employee's `ai_replies` figure); throughput is messages per second from the first send
// to the last reply, on the built-in engine, on PGlite and on PostgreSQL. Beside it, in the same run,
// the same number of staff replies (POST /app/conversations/{id}/messages.json: one message written
// and announced) is the baseline, so the ratio survives this shared machine's noise.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ADMIN_URL, postgresAnswers, withScratchDatabase } from "../postgres-admin.mjs";
import { startServer, stopServer } from "./server-process.mjs";
import { signIn } from "./sign-in.mjs";

const MESSAGES = Number(process.env.AGENT_BENCH_MESSAGES ?? 400);
const SENDERS = 20;

async function json(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** Runs `count` calls of `fn(i)` from `concurrency` workers; answers the elapsed seconds. */
async function drive(count, concurrency, fn) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await fn(next++);
    }),
  );
  return (performance.now() - started) / 1000;
}

async function benchEngine(engine, databaseUrl) {
  const port = 3194;
  const dataDir = mkdtempSync(path.join(tmpdir(), "foreman-agents-bench-"));
  const env = { RATE_LIMIT_MAX: "100000000", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const { child } = await startServer({ port, dataDir, env, timeoutMs: 180_000 });
  try {
    const base = `http://127.0.0.1:${port}`;
    const { token, companyId } = await signIn(base);
    const headers = { authorization: `Bearer ${token}`, "x-company-id": companyId, "content-type": "application/json" };
    const { ai_employees: employees } = await json(`${base}/app/ai_employees.json?employee_status=active`, { headers });
    const employee = employees[0];
    const channel = await json(`${base}/app/api_channels.json`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Bench", ai_employee_id: employee.id }),
    });
    const channelHeaders = { authorization: `Bearer ${channel.token}`, "content-type": "application/json" };
    const replies = async () =>
      (await json(`${base}/app/ai_employees/${employee.id}/outcomes.json`, { headers })).present.ai_replies;
    const questions = ["How much is a pallet?", "Do you have boxes?", "hello", "¿Cuánto cuesta la cinta?"];
    const send = (i, prefix) =>
      json(`${base}/api/v1/messages`, {
        method: "POST",
        headers: channelHeaders,
        body: JSON.stringify({
          message_id: `${prefix}-${i}`,
          customer: { external_id: `bench-${i % 50}`, name: `Bench customer ${i % 50}` },
          source: "bench",
          content: questions[i % questions.length],
        }),
      });
    // Warm-up: JIT, pools, the job queue's first start.
    const before = await replies();
    await drive(20, SENDERS, (i) => send(i, "warm"));
    while ((await replies()) < before + 20) await new Promise((r) => setTimeout(r, 50));

    const baseline = await replies();
    const started = performance.now();
    const acceptSeconds = await drive(MESSAGES, SENDERS, (i) => send(i, "run"));
    while ((await replies()) < baseline + MESSAGES) await new Promise((r) => setTimeout(r, 50));
    const pipelineSeconds = (performance.now() - started) / 1000;

    // The baseline: as many staff replies, written and announced, from as many senders.
    const { conversations } = await json(`${base}/app/conversations.json?per_page=50`, { headers });
    const staffSeconds = await drive(MESSAGES, SENDERS, (i) =>
      json(`${base}/app/conversations/${conversations[i % conversations.length].id}/messages.json`, {
        method: "POST",
        headers,
        body: JSON.stringify({ content: `Bench staff reply ${i}` }),
      }),
    );
    return {
      engine,
      pipelineRate: MESSAGES / pipelineSeconds,
      acceptRate: MESSAGES / acceptSeconds,
      staffRate: MESSAGES / staffSeconds,
    };
  } finally {
    await stopServer(child, port);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchAgents({ only } = {}) {
  const rows = [];
  console.log(
    `\nAgent pipeline: ${MESSAGES} customer messages through the channel API, ${SENDERS} senders, built-in engine`,
  );
  if (only !== "postgres") rows.push(await benchEngine("pglite"));
  if (only !== "pglite") {
    if (await postgresAnswers())
      rows.push(
        await withScratchDatabase(`foreman_agents_bench_${process.pid}`, (url) => benchEngine("postgres", url)),
      );
    else console.log(`PostgreSQL does not answer at ${new URL(ADMIN_URL).host}; measuring PGlite only.`);
  }
  console.log("\nengine    answered msg/s  accepted msg/s  staff replies/s (baseline)  ratio");
  for (const r of rows)
    console.log(
      `${r.engine.padEnd(9)} ${r.pipelineRate.toFixed(1).padStart(14)} ${r.acceptRate.toFixed(1).padStart(15)} ${r.staffRate.toFixed(1).padStart(27)}  ${(r.pipelineRate / r.staffRate).toFixed(2)}`,
    );
  return rows;
}
