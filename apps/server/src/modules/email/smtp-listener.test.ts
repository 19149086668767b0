import { execFile } from "node:child_process";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { createTransport } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmailIntakeWorld, emailIntakeWorld, rawMail } from "#server/test/email-intake-setup.ts";
import { freePort } from "#server/test/smtp-sink.ts";
import { ConnectionRate } from "./connection-rate.ts";
import { type SmtpListener, type SmtpListenerLimits, startSmtpListener } from "./smtp-listener.ts";

// The built-in SMTP listener on a real loopback socket, spoken to by nodemailer as a sending server
// would: what it takes is stored and queued once, what is not ours is refused at RCPT, oversized mail
// is refused, a storage failure is a temporary refusal the sender retries, and the limits on clients
// and connections hold. The parsing job is not awaited: this road owes a stored mail and a queued job.

const MiB = 1024 * 1024;
const SENDER = "grace@customer.example";

let w: EmailIntakeWorld;
let listener: SmtpListener;
beforeAll(async () => {
  w = await emailIntakeWorld();
  listener = await startSmtpListener(w.t.app.email, { host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await listener?.close();
  await w?.close();
});

/** nodemailer as a sending MTA: over STARTTLS (the listener's default certificate) or in clear text. */
function sender(port = listener.port, tls: "starttls" | "plain" = "plain") {
  return createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    ...(tls === "starttls" ? { requireTLS: true, tls: { rejectUnauthorized: false } } : { ignoreTLS: true }),
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
}

function send(to: string[], raw: Buffer, port = listener.port, tls: "starttls" | "plain" = "plain") {
  const transport = sender(port, tls);
  return transport.sendMail({ envelope: { from: SENDER, to }, raw }).finally(() => transport.close());
}

const storedWith = async (messageId: string) => (await w.stored()).filter((row) => row.headerMessageId === messageId);

/** The first line the listener says to a new connection. */
function greeting(port: number): Promise<{ line: string; close(): void }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    const done = () => resolve({ line: text.split("\r\n")[0] ?? "", close: () => socket.destroy() });
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
      if (text.includes("\r\n")) done();
    });
    socket.on("close", done);
    socket.on("error", reject);
  });
}

async function withListener<T>(limits: Partial<SmtpListenerLimits>, run: (port: number) => Promise<T>): Promise<T> {
  const own = await startSmtpListener(w.t.app.email, { host: "127.0.0.1", port: 0, limits });
  try {
    return await run(own.port);
  } finally {
    await own.close();
  }
}

describe("mail the listener takes", () => {
  it("stores a mail over STARTTLS for the address's company and queues its parsing", async () => {
    const raw = rawMail({ to: w.a.address, messageId: "<smtp-once@customer.example>" });
    const info = await send([w.a.address], raw, listener.port, "starttls");
    expect(info.accepted).toEqual([w.a.address]);
    expect(info.response).toMatch(/^250 2\.6\.0 Message queued/);

    const stored = await storedWith("<smtp-once@customer.example>");
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      companyId: w.a.companyId,
      emailChannelId: w.a.channelId,
      transport: "smtp",
      envelopeFrom: SENDER,
      recipient: w.a.address,
      byteSize: raw.byteLength,
    });
    expect(Buffer.from(stored[0]!.raw).equals(raw)).toBe(true);
    const queued = await w.receiveJobs([stored[0]!.id]);
    expect(queued.map((job) => [job.companyId, job.kind])).toEqual([[w.a.companyId, "email_receive"]]);
  });

  it("takes a sender's retry of the same mail once", async () => {
    const raw = rawMail({ to: w.a.address, messageId: "<smtp-retry@customer.example>" });
    await send([w.a.address], raw);
    const again = await send([w.a.address], raw);
    expect(again.response).toMatch(/^250 .*Message already received/);
    expect(await storedWith("<smtp-retry@customer.example>")).toHaveLength(1);
  });

  it("takes a reply address, and a mail to two companies once in each", async () => {
    const raw = rawMail({ to: `${w.a.replyAddress}, ${w.b.address}`, messageId: "<smtp-both@customer.example>" });
    const info = await send([w.a.replyAddress, w.b.address], raw);
    expect(info.accepted).toEqual([w.a.replyAddress, w.b.address]);
    const stored = await storedWith("<smtp-both@customer.example>");
    expect(stored.map((row) => [row.companyId, row.emailChannelId, row.recipient]).sort()).toEqual(
      [
        [w.a.companyId, w.a.channelId, w.a.replyAddress],
        [w.b.companyId, w.b.channelId, w.b.address],
      ].sort(),
    );
  });
});

describe("mail the listener refuses", () => {
  it("answers 550 5.1.1 at RCPT for an address that is not ours, and stores nothing", async () => {
    const before = (await w.stored()).length;
    const strangers = [`nobody-here@${w.domain}`, "someone@elsewhere.example", `reply+${"z".repeat(32)}@${w.domain}`];
    for (const to of strangers) {
      const refused = send([to], rawMail({ to }));
      await expect(refused).rejects.toMatchObject({ responseCode: 550, code: "EENVELOPE" });
      await expect(refused).rejects.toThrow(/550 5\.1\.1 No such mailbox here/);
    }
    expect((await w.stored()).length).toBe(before);
  });

  it("answers 550 for a switched-off channel's address", async () => {
    const before = (await w.stored()).length;
    await expect(send([w.disabledAddress], rawMail({ to: w.disabledAddress }))).rejects.toMatchObject({
      responseCode: 550,
    });
    expect((await w.stored()).length).toBe(before);
  });

  it("delivers to the addresses it knows and refuses the others in the same mail", async () => {
    const stranger = `nobody-here@${w.domain}`;
    const raw = rawMail({ to: `${w.a.address}, ${stranger}`, messageId: "<smtp-mixed@customer.example>" });
    const info = await send([w.a.address, stranger], raw);
    expect(info.accepted).toEqual([w.a.address]);
    expect(info.rejected).toEqual([stranger]);
    expect((await storedWith("<smtp-mixed@customer.example>")).map((row) => row.companyId)).toEqual([w.a.companyId]);
  });

  it("refuses a message over 25 MB with 552 5.3.4 and stores nothing", async () => {
    const before = (await w.stored()).length;
    const line = `${"a".repeat(998)}\r\n`;
    const filler = Buffer.from(line.repeat(Math.ceil((26 * MiB) / line.length)));
    const huge = Buffer.concat([rawMail({ to: w.a.address, messageId: "<smtp-huge@customer.example>" }), filler]);
    const refused = send([w.a.address], huge);
    await expect(refused).rejects.toMatchObject({ responseCode: 552 });
    await expect(refused).rejects.toThrow(/552 5\.3\.4/);
    expect((await w.stored()).length).toBe(before);
    // The listener is still there for the next sender.
    const next = rawMail({ to: w.a.address, messageId: "<smtp-after-huge@customer.example>" });
    await send([w.a.address], next);
    expect(await storedWith("<smtp-after-huge@customer.example>")).toHaveLength(1);
  });

  it("answers 451 when the mail cannot be stored, so the sender retries, and takes the retry", async () => {
    await w.t.db.execute(sql`
      create function refuse_inbound_email() returns trigger language plpgsql as $$
      begin raise exception 'the disk is full (test)'; end $$`);
    await w.t.db.execute(sql`
      create trigger refuse_inbound_email before insert on inbound_emails
      for each row execute function refuse_inbound_email()`);
    const raw = rawMail({ to: w.a.address, messageId: "<smtp-451@customer.example>" });
    try {
      const refused = send([w.a.address], raw);
      await expect(refused).rejects.toMatchObject({ responseCode: 451 });
      await expect(refused).rejects.toThrow(/451 4\.3\.0/);
    } finally {
      await w.t.db.execute(sql`drop trigger refuse_inbound_email on inbound_emails`);
      await w.t.db.execute(sql`drop function refuse_inbound_email()`);
    }
    expect(await storedWith("<smtp-451@customer.example>")).toHaveLength(0);
    await send([w.a.address], raw);
    expect(await storedWith("<smtp-451@customer.example>")).toHaveLength(1);
  });

  it("answers 451 at RCPT when the addresses cannot be looked up", async () => {
    await w.t.db.execute(sql`alter table email_channels rename to email_channels_away`);
    try {
      await expect(send([w.b.address], rawMail({ to: w.b.address }))).rejects.toMatchObject({ responseCode: 451 });
    } finally {
      await w.t.db.execute(sql`alter table email_channels_away rename to email_channels`);
    }
  });
});

describe("the listener's limits", () => {
  it("takes at most the recipient limit in one transaction (452 for the rest)", async () => {
    await withListener({ recipients: 2 }, async (port) => {
      const raw = rawMail({ to: w.a.address, messageId: "<smtp-rcpt-limit@customer.example>" });
      const info = await send([w.a.address, w.a.replyAddress, w.b.address], raw, port);
      expect(info.accepted).toEqual([w.a.address, w.a.replyAddress]);
      expect(info.rejected).toEqual([w.b.address]);
      expect(info.rejectedErrors?.[0]).toMatchObject({ responseCode: 452 });
      const stored = await storedWith("<smtp-rcpt-limit@customer.example>");
      expect(stored.map((row) => row.companyId)).toEqual([w.a.companyId]);
    });
  });

  it("answers 421 past the connections a minute from one network, and past the clients at once", async () => {
    await withListener({ connectionsPerMinute: 2 }, async (port) => {
      const answers: string[] = [];
      for (let i = 0; i < 3; i++) {
        const hello = await greeting(port);
        answers.push(hello.line);
        hello.close();
      }
      expect(answers[0]).toMatch(/^220 /);
      expect(answers[1]).toMatch(/^220 /);
      expect(answers[2]).toMatch(/^421 .*Too many connections from your network/);
    });
    await withListener({ clients: 1 }, async (port) => {
      const first = await greeting(port);
      const second = await greeting(port);
      first.close();
      second.close();
      expect(first.line).toMatch(/^220 /);
      expect(second.line).toMatch(/^421 .*Too many connected clients/);
    });
  });

  it("counts connections per network in one-minute windows", () => {
    let now = 0;
    const rate = new ConnectionRate(2, 60_000, () => now);
    expect([rate.allow("203.0.113.7"), rate.allow("203.0.113.7"), rate.allow("203.0.113.7")]).toEqual([
      true,
      true,
      false,
    ]);
    expect(rate.allow("198.51.100.1")).toBe(true);
    now = 60_000;
    expect(rate.allow("203.0.113.7")).toBe(true);
  });
});

describe("the app with EMAIL_INBOUND_PORT", () => {
  it("starts the listener when ready, takes mail through it, and closes it with the app", async () => {
    const own = await emailIntakeWorld({ EMAIL_INBOUND_PORT: "0", EMAIL_INBOUND_HOST: "127.0.0.1" });
    let port: number;
    try {
      port = own.t.app.email.listener!.port;
      expect(port).toBeGreaterThan(0);
      const raw = rawMail({ to: own.a.address, messageId: "<smtp-app@customer.example>" });
      await send([own.a.address], raw, port);
      const stored = (await own.stored()).filter((row) => row.headerMessageId === "<smtp-app@customer.example>");
      expect(stored.map((row) => row.companyId)).toEqual([own.a.companyId]);
    } finally {
      await own.close();
    }
    await expect(greeting(port)).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});

describe("the demo script (npm run email:demo)", () => {
  const script = fileURLToPath(new URL("../../../../../scripts/email/send-demo-mail.mjs", import.meta.url));
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, [script, ...args], { timeout: 60_000 }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it("sends one mail to the listener and prints its Message-ID and the listener's answer", async () => {
    const parent = "<earlier@foreman.example>";
    const sent = await run(["--to", w.a.address, "--port", String(listener.port), "--in-reply-to", parent]);
    expect(sent.stderr).toBe("");
    expect(sent.code).toBe(0);
    const messageId = /^Message-ID: (<[^>]+>)$/m.exec(sent.stdout)?.[1];
    expect(messageId, sent.stdout).toBeDefined();
    expect(sent.stdout).toMatch(/^The listener answered: 250 2\.6\.0 Message queued/m);
    const stored = await storedWith(messageId!);
    expect(stored.map((row) => row.companyId)).toEqual([w.a.companyId]);
    const headers = Buffer.from(stored[0]!.raw).toString("utf8");
    expect(headers).toContain(`In-Reply-To: ${parent}`);
    expect(headers).toContain("From: Grace Hopper <grace@customer.example>");
  });

  it("says how to start the listener when nothing listens, and what the listener refused", async () => {
    const nothing = await run(["--to", w.a.address, "--port", String(await freePort())]);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(
      /Nothing answers SMTP at 127\.0\.0\.1:\d+\. Start the server with EMAIL_INBOUND_PORT=/,
    );
    const refused = await run(["--to", `nobody-here@${w.domain}`, "--port", String(listener.port)]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/refused the mail: 550 5\.1\.1 No such mailbox here/);
    const usage = await run([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^Usage: npm run email:demo -- --to/);
  });
});
