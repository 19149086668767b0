import { randomBytes } from "node:crypto";
import { inboundAddress, replyAddress } from "@foreman/contract";
import { and, asc, eq, inArray } from "drizzle-orm";
import { conversations, emailChannels, inboundEmails, jobs } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "./app.ts";
import { createCompany } from "./fixtures.ts";

// Two companies with an email channel each (and a conversation with a reply address), plus a switched-off
// channel, for the roads mail comes in by (the SMTP listener, POST /webhooks/email). The rows are
// written directly: what is tested is intake, not the channel registry.

export type IntakeCompany = {
  companyId: string;
  channelId: string;
  /** The channel's inbound address. */
  address: string;
  /** The conversation's reply address (`reply+<token>@domain`). */
  replyAddress: string;
  conversationId: string;
};

export type EmailIntakeWorld = {
  t: TestApp;
  domain: string;
  a: IntakeCompany;
  b: IntakeCompany;
  /** A's second channel, switched off. */
  disabledAddress: string;
  /** Every stored inbound mail, oldest first. */
  stored(): Promise<(typeof inboundEmails.$inferSelect)[]>;
  /** The `email_receive` jobs queued for these inbound mails. */
  receiveJobs(inboundIds: string[]): Promise<(typeof jobs.$inferSelect)[]>;
  close(): Promise<void>;
};

const suffix = () => randomBytes(3).toString("hex");

export async function emailIntakeWorld(env: Record<string, string> = {}): Promise<EmailIntakeWorld> {
  const t = await createTestApp({ env });
  const domain = t.config.email.inboundDomain;

  const channel = async (companyId: string, local: string, enabled = true) => {
    const [row] = await t.db
      .insert(emailChannels)
      .values({ companyId, name: "Support", inboundLocal: local, enabled })
      .returning({ id: emailChannels.id });
    return row!.id;
  };
  const company = async (label: string): Promise<IntakeCompany> => {
    const { id: companyId } = await createCompany(t.db, `${label} Ltd`);
    const local = `${label}-${suffix()}`;
    const channelId = await channel(companyId, local);
    const token = randomBytes(16).toString("hex");
    const [conversation] = await t.db
      .insert(conversations)
      .values({
        companyId,
        displayId: 1,
        inboxId: 1,
        channel: "email",
        emailChannelId: channelId,
        emailReplyToken: token,
      })
      .returning({ id: conversations.id });
    return {
      companyId,
      channelId,
      address: inboundAddress(local, domain),
      replyAddress: replyAddress(token, domain),
      conversationId: conversation!.id,
    };
  };

  const a = await company("acme");
  const b = await company("bravo");
  const disabledLocal = `acme-off-${suffix()}`;
  await channel(a.companyId, disabledLocal, false);

  return {
    t,
    domain,
    a,
    b,
    disabledAddress: inboundAddress(disabledLocal, domain),
    stored: () => t.db.select().from(inboundEmails).orderBy(asc(inboundEmails.receivedAt)),
    receiveJobs: (inboundIds) =>
      inboundIds.length === 0
        ? Promise.resolve([])
        : t.db
            .select()
            .from(jobs)
            .where(and(eq(jobs.kind, "email_receive"), inArray(jobs.subjectId, inboundIds))),
    close: () => t.close(),
  };
}

/** A small RFC 822 message (CRLF line ends, as mail travels). */
export function rawMail(options: {
  to: string;
  messageId?: string;
  from?: string;
  subject?: string;
  text?: string;
  extraHeaders?: string[];
}): Buffer {
  const messageId = options.messageId ?? `<${randomBytes(8).toString("hex")}@customer.example>`;
  const lines = [
    `From: ${options.from ?? "Grace Hopper <grace@customer.example>"}`,
    `To: ${options.to}`,
    `Subject: ${options.subject ?? "Do you ship to Lisbon?"}`,
    `Message-ID: ${messageId}`,
    "Date: Tue, 06 Jan 2026 10:00:00 +0000",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    ...(options.extraHeaders ?? []),
    "",
    options.text ?? "Hello, do you ship to Lisbon?",
    "",
  ];
  return Buffer.from(lines.join("\r\n"));
}
