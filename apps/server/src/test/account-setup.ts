import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { expect } from "vitest";
import { outboundMails } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { type SmtpSink, smtpSink } from "#server/test/smtp-sink.ts";

// What the account tests share: the real app with a real SMTP server on loopback, its log lines kept,
// and the mails it sent read back as their recipients would.

export const PUBLIC_URL = "https://foreman.example";

export type AccountWorld = {
  t: TestApp;
  sink: SmtpSink;
  /** Every log line the app wrote (info and above). */
  logLines: string[];
  close(): Promise<void>;
};

export async function accountWorld(env: Record<string, string> = {}): Promise<AccountWorld> {
  const sink = await smtpSink();
  const logLines: string[] = [];
  const t = await createTestApp({
    env: {
      SMTP_URL: sink.url,
      PUBLIC_URL,
      MAIL_FROM: "Foreman <no-reply@foreman.example>",
      LOG_LEVEL: "info",
      ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      ...env,
    },
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  return {
    t,
    sink,
    logLines,
    async close() {
      await t.close();
      await sink.close();
    },
  };
}

export type ReadMail = { to: string[]; subject: string; text: string; raw: string };

/** The mails `to` received so far whose subject is `subject`, decoded. */
export async function mailsTo(sink: SmtpSink, to: string, subject?: string): Promise<ReadMail[]> {
  const mine = sink.mails.filter((mail) => mail.to.includes(to));
  const read = await Promise.all(
    mine.map(async (mail) => {
      const parsed = await simpleParser(mail.raw);
      return { to: mail.to, subject: parsed.subject ?? "", text: parsed.text ?? "", raw: mail.raw };
    }),
  );
  return subject === undefined ? read : read.filter((mail) => mail.subject === subject);
}

/** Waits until `to` has `count` mails with `subject`, and answers the newest. */
export async function waitForMail(sink: SmtpSink, to: string, subject: string, count = 1): Promise<ReadMail> {
  await expect
    .poll(async () => (await mailsTo(sink, to, subject)).length, { timeout: 15_000, message: `${subject} → ${to}` })
    .toBeGreaterThanOrEqual(count);
  return (await mailsTo(sink, to, subject)).at(-1)!;
}

/** The token of the mail's link to `path` (e.g. /reset_password), checked to point at the app's public URL. */
export function linkToken(mail: ReadMail, path: string): string {
  const match = new RegExp(`${PUBLIC_URL.replace(/\./g, "\\.")}${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  expect(match, `a ${path} link in "${mail.subject}": ${mail.text}`).not.toBeNull();
  return match![1]!;
}

/** Waits until every mail in the outbox has left it (sent), so nothing is still on its way. */
export async function outboxSettled(t: TestApp): Promise<void> {
  await expect
    .poll(async () => (await t.db.select().from(outboundMails)).every((mail) => mail.state === "sent"), {
      timeout: 15_000,
    })
    .toBe(true);
}

export const outboxRowsTo = (t: TestApp, to: string) =>
  t.db.select().from(outboundMails).where(eq(outboundMails.toAddress, to));
