// `npm run bench -- calls`: how long a caller waits for the AI employee's answer, on the built-in engine,
// PGlite and PostgreSQL. The bench plays the phone provider: it rings in on the demo's support line
// and posts signed speech turns (`POST /webhooks/twilio/voice/turn`, form-encoded, X-Twilio-Signature)
// as Twilio's <Gather> does, timing each until the TwiML with the spoken reply is back (goal p95 under
// 300 ms: a caller hears every millisecond). Beside it, in the same run, the same words through the
// channel API (POST /api/v1/messages, then GET …/messages until the reply is there): the figure the
// call's is read against. The server runs with Twilio credentials the bench holds, so it can sign as
// Twilio; Twilio's REST API itself is never called (nothing is bought or dialled).
import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ADMIN_URL, postgresAnswers, withScratchDatabase } from "../postgres-admin.mjs";
import { startServer, stopServer } from "./server-process.mjs";
import { signIn } from "./sign-in.mjs";
import { percentile } from "./stats.mjs";

const CALLS = Number(process.env.CALLS_BENCH_CALLS ?? 10);
const TURNS_PER_CALL = Number(process.env.CALLS_BENCH_TURNS ?? 6);
const GOAL_P95_MS = 300;
const PORT = 3821;
const AUTH_TOKEN = `bench-${randomBytes(16).toString("hex")}`;
const ACCOUNT_SID = `AC${randomBytes(16).toString("hex")}`;
// What callers say, in turn: a price question, a count, a policy question, small talk.
const LINES = [
  "Hi! How much is a wooden pallet?",
  "I need 40 of them",
  "Do you deliver to Oakland?",
  "What about corrugated boxes?",
  "Can you send me the quote?",
  "Thanks, that's all",
];

/** Twilio's signature: HMAC-SHA1 of the URL and the sorted parameters with the auth token, base64. */
function sign(url, params) {
  let payload = url;
  for (const name of Object.keys(params).sort()) payload += name + params[name];
  return createHmac("sha1", AUTH_TOKEN).update(payload, "utf8").digest("base64");
}

/** Posts a voice webhook as Twilio does; answers the TwiML and how long it took. */
async function voice(publicBase, pathAndQuery, params) {
  const url = `${publicBase}${pathAndQuery}`;
  const started = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": sign(url, params) },
    body: new URLSearchParams(params).toString(),
  });
  const twiml = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status} ${twiml}`);
  return { twiml, ms };
}

/** The next turn's address in a TwiML answer (its <Gather> action, as a path on our server). */
function nextTurn(publicBase, twiml) {
  const action = /<Gather[^>]*\saction="([^"]+)"/.exec(twiml)?.[1];
  if (!action) throw new Error(`no <Gather> in ${twiml}`);
  return action.replaceAll("&amp;", "&").replace(publicBase, "");
}

async function json(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function benchEngine(engine, databaseUrl) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "foreman-calls-bench-"));
  const publicBase = `http://127.0.0.1:${PORT}`;
  const env = {
    RATE_LIMIT_MAX: "100000000",
    PUBLIC_URL: publicBase,
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    // Never reached: the bench buys and dials nothing.
    TWILIO_API_URL: "http://127.0.0.1:9",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const { child } = await startServer({ port: PORT, dataDir, env, timeoutMs: 180_000 });
  try {
    const { token, companyId } = await signIn(publicBase);
    const headers = { authorization: `Bearer ${token}`, "x-company-id": companyId, "content-type": "application/json" };
    const { phone_numbers: numbers } = await json(`${publicBase}/app/phone_numbers.json`, { headers });
    const line = numbers.find((number) => number.ai_employee);
    if (!line) throw new Error("the demo company has no number answered by an AI employee");

    /** One call of `turns` speech turns; answers each turn's TwiML time. */
    const call = async (turns, from) => {
      const callSid = `CA${randomBytes(16).toString("hex")}`;
      const base = {
        AccountSid: ACCOUNT_SID,
        CallSid: callSid,
        From: from,
        To: line.phone_number,
        Direction: "inbound",
      };
      const rang = await voice(publicBase, "/webhooks/twilio/voice/incoming", { ...base, CallStatus: "ringing" });
      let turn = nextTurn(publicBase, rang.twiml);
      const times = [];
      for (let i = 0; i < turns; i++) {
        const answer = await voice(publicBase, turn, {
          ...base,
          CallStatus: "in-progress",
          SpeechResult: LINES[i % LINES.length],
          Confidence: "0.92",
        });
        if (!answer.twiml.includes("<Say")) throw new Error(`no <Say> in ${answer.twiml}`);
        times.push(answer.ms);
        turn = nextTurn(publicBase, answer.twiml);
      }
      await voice(publicBase, "/webhooks/twilio/voice/status", {
        ...base,
        CallStatus: "completed",
        CallDuration: "60",
      });
      return times;
    };

    // Warm-up: JIT, pools, the job queue's first start.
    await call(3, "+14155550190");

    const turnTimes = [];
    for (let i = 0; i < CALLS; i++)
      turnTimes.push(...(await call(TURNS_PER_CALL, `+1415555${String(200 + i).padStart(4, "0")}`)));

    // The baseline: the same words through the channel API, until the AI's reply can be read there.
    const channel = await json(`${publicBase}/app/api_channels.json`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Calls bench", ai_employee_id: line.ai_employee.id }),
    });
    const apiHeaders = { authorization: `Bearer ${channel.token}`, "content-type": "application/json" };
    const apiTimes = [];
    for (let i = 0; i < CALLS; i++) {
      for (let n = 0; n < TURNS_PER_CALL; n++) {
        const started = performance.now();
        const accepted = await json(`${publicBase}/api/v1/messages`, {
          method: "POST",
          headers: apiHeaders,
          body: JSON.stringify({
            message_id: `calls-bench-${i}-${n}-${Date.now()}`,
            customer: { external_id: `calls-bench-${i}`, name: `Caller ${i}` },
            source: "bench",
            content: LINES[n % LINES.length],
          }),
        });
        for (;;) {
          const { messages } = await json(`${publicBase}/api/v1/conversations/${accepted.conversation_id}/messages`, {
            headers: apiHeaders,
          });
          if (messages.some((message) => message.reply_to === accepted.message_id)) break;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        apiTimes.push(performance.now() - started);
      }
    }
    return {
      engine,
      samples: turnTimes.length,
      call: { p50: percentile(turnTimes, 50), p95: percentile(turnTimes, 95) },
      api: { p50: percentile(apiTimes, 50), p95: percentile(apiTimes, 95) },
    };
  } finally {
    await stopServer(child, PORT);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchCalls({ only } = {}) {
  const rows = [];
  console.log(
    `\nCalls: ${CALLS} calls of ${TURNS_PER_CALL} speech turns each (signed webhooks, as Twilio's <Gather> posts them) to the TwiML with the AI's spoken reply, built-in engine; beside the same words through the channel API to the reply readable there`,
  );
  if (only !== "postgres") rows.push(await benchEngine("pglite"));
  if (only !== "pglite") {
    if (await postgresAnswers())
      rows.push(await withScratchDatabase(`foreman_calls_bench_${process.pid}`, (url) => benchEngine("postgres", url)));
    else console.log(`PostgreSQL does not answer at ${new URL(ADMIN_URL).host}; measuring PGlite only.`);
  }
  const ms = (value) => `${value.toFixed(0)} ms`;
  console.log("\nengine    turns  speech→TwiML p50 / p95   channel API→reply p50 / p95  p95 ratio  goal p95");
  for (const r of rows)
    console.log(
      `${r.engine.padEnd(9)} ${String(r.samples).padStart(5)} ${`${ms(r.call.p50)} / ${ms(r.call.p95)}`.padStart(24)} ${`${ms(r.api.p50)} / ${ms(r.api.p95)}`.padStart(28)}  ${(r.call.p95 / r.api.p95).toFixed(2).padStart(9)}  ${r.call.p95 < GOAL_P95_MS ? "met" : "MISSED"} (< ${GOAL_P95_MS} ms)`,
    );
  return rows;
}
