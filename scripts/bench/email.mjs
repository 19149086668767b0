// `npm run bench -- email`: the email channel's cost, on the built-in engine, PGlite and PostgreSQL.
//  - intake: customer mails through the built-in SMTP listener (EMAIL_INBOUND_PORT), each from its
//    own sender, counted as done when its conversation is stored; mails per second from the first
//    connection to the last stored conversation (and the listener's own accept rate);
//  - latency: one mail at a time, from the listener's 250 (accepted) to the AI employee's reply
//    arriving at an SMTP server on loopback (SMTP_URL): p50 and p95. Beside it, in the same run, the
//    same question through the channel API (POST /api/v1/messages → the signed webhook carrying the
//    reply): the baseline the mail's figure is read against.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { ADMIN_URL, postgresAnswers, withScratchDatabase } from "../postgres-admin.mjs";
import { startServer, stopServer } from "./server-process.mjs";
import { signIn } from "./sign-in.mjs";
import { percentile } from "./stats.mjs";

const INTAKE_MAILS = Number(process.env.EMAIL_BENCH_MAILS ?? 300);
const LATENCY_SAMPLES = Number(process.env.EMAIL_BENCH_SAMPLES ?? 60);
const CONNECTIONS = 10;
const DOMAIN = "mail.bench.localhost";

async function json(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** An SMTP server on loopback standing in for the outbound relay: calls `onMail(raw)` for each mail. */
async function smtpRelay(onMail) {
  const server = new SMTPServer({
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        onMail(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: server.server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A webhook receiver on loopback for the channel API's replies: calls `onReply(body)` for each. */
async function webhookReceiver(onReply) {
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      response.end("ok");
      onReply(JSON.parse(Buffer.concat(chunks).toString("utf8")));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Resolves when `check()` is true, polling every 20 ms (a bench, not a test: no deadline but a long one). */
async function until(check, timeoutMs = 300_000) {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error("timed out waiting for the pipeline");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function benchEngine(engine, databaseUrl) {
  const port = 3196;
  const inboundPort = 2596;
  const dataDir = mkdtempSync(path.join(tmpdir(), "foreman-email-bench-"));
  const waiting = new Map(); // In-Reply-To → resolve
  const relay = await smtpRelay((raw) => {
    const inReplyTo = /^In-Reply-To:\s*(<[^>]+>)/im.exec(raw)?.[1];
    waiting.get(inReplyTo)?.();
  });
  // Conversation id → when its reply arrived (a reply may beat the request's own answer back).
  const apiArrivals = new Map();
  const receiver = await webhookReceiver((body) => apiArrivals.set(body.conversation_id, performance.now()));
  const env = {
    RATE_LIMIT_MAX: "100000000",
    ALLOW_PRIVATE_WEBHOOKS: "true",
    EMAIL_INBOUND_PORT: String(inboundPort),
    EMAIL_INBOUND_HOST: "127.0.0.1",
    EMAIL_INBOUND_DOMAIN: DOMAIN,
    SMTP_URL: `smtp://127.0.0.1:${relay.port}`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const { child } = await startServer({ port, dataDir, env, timeoutMs: 180_000 });
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: inboundPort,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: CONNECTIONS,
    maxMessages: Number.POSITIVE_INFINITY,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const { token, companyId } = await signIn(base);
    const headers = { authorization: `Bearer ${token}`, "x-company-id": companyId, "content-type": "application/json" };
    const { email_channels: channels } = await json(`${base}/app/email_channels.json`, { headers });
    const to = channels[0].inbound_address;
    const emailConversations = async () =>
      (await json(`${base}/app/conversations.json?channel=email&per_page=1`, { headers })).total;
    const mail = (i, prefix) => ({
      from: `Bench ${i} <${prefix}-${i}@customer.example>`,
      to,
      subject: `Question ${prefix} ${i}`,
      text: "Hi! How much is a wooden pallet?\n\nThanks,\nA customer",
    });

    // Warm-up: JIT, pools, the job queue's first start.
    const before = await emailConversations();
    await Promise.all(Array.from({ length: 10 }, (_, i) => transport.sendMail(mail(i, "warm"))));
    await until(async () => (await emailConversations()) >= before + 10);

    // Intake: every mail stored as a conversation.
    const baseline = await emailConversations();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < INTAKE_MAILS) await transport.sendMail(mail(next++, "run"));
      }),
    );
    const acceptSeconds = (performance.now() - started) / 1000;
    await until(async () => (await emailConversations()) >= baseline + INTAKE_MAILS);
    const storedSeconds = (performance.now() - started) / 1000;
    // Let the AI replies of the intake run drain before timing single mails.
    await until(async () => {
      const { outbound_mails: sent, total } = await json(`${base}/app/outbound_mails.json?per_page=1`, { headers });
      return total >= INTAKE_MAILS && sent[0]?.state !== "queued";
    }, 600_000);

    // Latency, one at a time: the mail's 250 → its reply at the relay.
    const mailTimes = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const messageId = `<bench-latency-${i}-${Date.now()}@customer.example>`;
      const replied = new Promise((resolve) => waiting.set(messageId, resolve));
      await transport.sendMail({ ...mail(i, "latency"), messageId });
      const accepted = performance.now();
      await replied;
      mailTimes.push(performance.now() - accepted);
      waiting.delete(messageId);
    }

    // The baseline: the same question through the channel API, its reply posted to a webhook.
    const { ai_employees: employees } = await json(`${base}/app/ai_employees.json?employee_status=active`, { headers });
    const channel = await json(`${base}/app/api_channels.json`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        name: "Bench",
        ai_employee_id: employees[0].id,
        webhook_url: `http://127.0.0.1:${receiver.port}/replies`,
      }),
    });
    const apiTimes = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const answer = await json(`${base}/api/v1/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${channel.token}`, "content-type": "application/json" },
        body: JSON.stringify({
          message_id: `bench-${i}-${Date.now()}`,
          customer: { external_id: `bench-api-${i}`, name: `Bench ${i}` },
          source: "bench",
          content: "Hi! How much is a wooden pallet?",
        }),
      });
      const accepted = performance.now();
      await until(async () => apiArrivals.has(answer.conversation_id));
      apiTimes.push(apiArrivals.get(answer.conversation_id) - accepted);
    }
    return {
      engine,
      acceptRate: INTAKE_MAILS / acceptSeconds,
      storedRate: INTAKE_MAILS / storedSeconds,
      mail: { p50: percentile(mailTimes, 50), p95: percentile(mailTimes, 95) },
      api: { p50: percentile(apiTimes, 50), p95: percentile(apiTimes, 95) },
    };
  } finally {
    transport.close();
    await stopServer(child, port);
    await relay.close();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchEmail({ only } = {}) {
  const rows = [];
  console.log(
    `\nEmail channel: ${INTAKE_MAILS} mails through the SMTP listener (${CONNECTIONS} connections), then ${LATENCY_SAMPLES} one at a time to the AI's reply at an SMTP relay, built-in engine`,
  );
  if (only !== "postgres") rows.push(await benchEngine("pglite"));
  if (only !== "pglite") {
    if (await postgresAnswers())
      rows.push(await withScratchDatabase(`foreman_email_bench_${process.pid}`, (url) => benchEngine("postgres", url)));
    else console.log(`PostgreSQL does not answer at ${new URL(ADMIN_URL).host}; measuring PGlite only.`);
  }
  const ms = (value) => `${value.toFixed(0)} ms`;
  console.log(
    "\nengine    stored mails/s  accepted mails/s  mail→reply p50 / p95   channel API→reply p50 / p95  p95 ratio",
  );
  for (const r of rows)
    console.log(
      `${r.engine.padEnd(9)} ${r.storedRate.toFixed(1).padStart(14)} ${r.acceptRate.toFixed(1).padStart(17)} ${`${ms(r.mail.p50)} / ${ms(r.mail.p95)}`.padStart(22)} ${`${ms(r.api.p50)} / ${ms(r.api.p95)}`.padStart(28)}  ${(r.mail.p95 / r.api.p95).toFixed(2)}`,
    );
  return rows;
}
