import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { outboundMails } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { createCompany } from "#server/test/fixtures.ts";
import { freePort, type SmtpSink, smtpSink } from "#server/test/smtp-sink.ts";
import { smtpOptions } from "./mail.plugin.ts";
import { queueMail } from "./outbox.ts";

// Outbound mail through a real SMTP server on loopback: each mail is an outbox row and a job, sent
// once, retried while the server is away, failed with the server's words when it refuses for good,
// and kept unsent when no server is configured.

const apps: TestApp[] = [];
const sinks: SmtpSink[] = [];
afterEach(async () => {
  for (const sink of sinks.splice(0)) await sink.close();
});
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function appWith(env: Record<string, string> = {}) {
  const t = await createTestApp({ env: { MAIL_FROM: "Northwind <sales@northwind.example>", ...env } });
  apps.push(t);
  const company = await createCompany(t.db, "Mail Co");
  return { t, companyId: company.id };
}

async function send(t: TestApp, companyId: string, subject = "Your quote") {
  await t.app.jobs.prepare();
  const queued = await t.db.transaction((tx) =>
    queueMail(tx, t.app.jobs, {
      companyId,
      from: t.config.mail.from,
      to: "grace@customer.example",
      subject,
      text: "Here is your quote.",
      headers: { inReplyTo: "<c-1@customer.example>", references: ["<c-1@customer.example>"] },
    }),
  );
  t.app.jobs.wake();
  return queued;
}

const row = async (t: TestApp, id: string) =>
  (await t.db.select().from(outboundMails).where(eq(outboundMails.id, id)))[0]!;

describe("outbound mail", () => {
  it("hands the mail to the SMTP server once, threaded under the customer's message", async () => {
    const sink = await smtpSink();
    sinks.push(sink);
    const { t, companyId } = await appWith({ SMTP_URL: sink.url });
    const { id, messageId } = await send(t, companyId);
    await expect.poll(async () => (await row(t, id)).state, { timeout: 10_000 }).toBe("sent");
    expect(sink.mails).toHaveLength(1);
    const [mail] = sink.mails;
    expect(mail!.to).toEqual(["grace@customer.example"]);
    expect(mail!.from).toBe("sales@northwind.example");
    expect(mail!.raw).toContain(`Message-ID: ${messageId}`);
    expect(mail!.raw).toContain("In-Reply-To: <c-1@customer.example>");
    expect(mail!.raw).toContain("Subject: Your quote");
    expect(messageId).toMatch(/^<[0-9a-f-]{36}@northwind\.example>$/);
    const sent = await row(t, id);
    expect(sent).toMatchObject({ attempts: 1, lastError: null });
    expect(sent.sentAt).not.toBeNull();
  });

  it("retries while the SMTP server is down, then delivers once when it is back", async () => {
    const port = await freePort();
    const { t, companyId } = await appWith({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const { id } = await send(t, companyId, "Sent after an outage");
    await expect.poll(async () => (await row(t, id)).lastError ?? "", { timeout: 10_000 }).toMatch(/ECONNREFUSED/);
    expect((await row(t, id)).state).toBe("queued");
    const sink = await smtpSink({ port });
    sinks.push(sink);
    await expect.poll(async () => (await row(t, id)).state, { timeout: 20_000 }).toBe("sent");
    expect(sink.mails.filter((mail) => mail.raw.includes("Sent after an outage"))).toHaveLength(1);
    // Sent: the failures before it are history, not the mail's state.
    expect(await row(t, id)).toMatchObject({ lastError: null, smtpResponse: expect.stringMatching(/^250/) });
    expect((await row(t, id)).attempts).toBeGreaterThanOrEqual(2);
  });

  it("fails a mail the server refuses for good, with its words, and does not try again", async () => {
    const sink = await smtpSink({ refuse: () => ({ code: 550, message: "No such user here" }) });
    sinks.push(sink);
    const { t, companyId } = await appWith({ SMTP_URL: sink.url });
    const { id } = await send(t, companyId);
    await expect.poll(async () => (await row(t, id)).state, { timeout: 10_000 }).toBe("failed");
    const failed = await row(t, id);
    expect(failed.lastError).toMatch(/550.*No such user here/);
    expect(failed.attempts).toBe(1);
    expect(sink.mails).toHaveLength(0);
  });

  it("keeps the mail in the outbox, unsent, when no SMTP server is configured", async () => {
    const { t, companyId } = await appWith();
    const { id } = await send(t, companyId);
    await expect.poll(async () => (await row(t, id)).state, { timeout: 10_000 }).toBe("kept");
    expect((await row(t, id)).lastError).toMatch(/SMTP_URL/);
  });
});

describe("smtpOptions", () => {
  it("reads SMTP_URL: TLS from the start for smtps, the usual ports, the credentials decoded", () => {
    expect(smtpOptions("smtps://ana%40acme.example:p%40ss%3Aword@mail.acme.example")).toMatchObject({
      host: "mail.acme.example",
      port: 465,
      secure: true,
      auth: { user: "ana@acme.example", pass: "p@ss:word" },
    });
    expect(smtpOptions("smtp://127.0.0.1:2525")).toMatchObject({
      host: "127.0.0.1",
      port: 2525,
      secure: false,
      auth: undefined,
    });
    expect(smtpOptions("smtp://[::1]")).toMatchObject({ host: "::1", port: 587 });
  });
});
