import { randomBytes } from "node:crypto";
import { inboundAddress } from "@foreman/contract";
import { and, eq, inArray } from "drizzle-orm";
import { simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import MailComposer, { type MailComposerOptions } from "nodemailer/lib/mail-composer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  attachments,
  conversations,
  customers,
  emailChannels,
  inboundEmails,
  jobs,
  leads,
  messages,
  outboundMails,
} from "#server/db/schema/index.ts";
import { type AgentCompany, createAgentCompany } from "#server/test/agents-setup.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { type SmtpSink, smtpSink } from "#server/test/smtp-sink.ts";
import { takeInboundMail } from "./intake.ts";
import { startSmtpListener } from "./smtp-listener.ts";

// The `email_receive` job end to end, on the real database and job queue, with a real SMTP server on
// loopback taking the replies: a customer's mail answered by the channel's AI employee and threaded;
// the customer's answers joining the thread; machines' mail stored and never answered; a fast sender
// held; hostile HTML and files made safe; each company's mail kept to itself; a mail taken once.

type MailCompany = AgentCompany & { emailChannelId: string; address: string };

const GRACE = "Grace Hopper <grace@customer.example>";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(300, 0x90)]);
const WAIT = { timeout: 60_000, interval: 100 };

let t: TestApp;
let sink: SmtpSink;
let domain: string;
let a: MailCompany;
let b: MailCompany;

beforeAll(async () => {
  sink = await smtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  domain = t.config.email.inboundDomain;
  const withChannel = async (company: AgentCompany, local: string): Promise<MailCompany> => {
    const [channel] = await t.db
      .insert(emailChannels)
      .values({ companyId: company.companyId, name: "Support", inboundLocal: local, aiEmployeeId: company.employee.id })
      .returning({ id: emailChannels.id });
    return { ...company, emailChannelId: channel!.id, address: inboundAddress(local, domain) };
  };
  const suffix = randomBytes(3).toString("hex");
  a = await withChannel(await createAgentCompany(t.db, "Acme"), `acme-${suffix}`);
  b = await withChannel(await createAgentCompany(t.db, "Globex"), `globex-${suffix}`);
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const newMessageId = () => `<${randomBytes(8).toString("hex")}@customer.example>`;

async function compose(options: MailComposerOptions): Promise<{ raw: Buffer; messageId: string }> {
  const messageId = options.messageId ?? newMessageId();
  const raw = await new MailComposer({
    from: GRACE,
    to: a.address,
    subject: "Pallet jack price",
    ...options,
    messageId,
  })
    .compile()
    .build();
  return { raw, messageId };
}

/** Hands a mail to intake as the listener or the webhook would. */
function deliver(
  raw: Buffer,
  recipients: string[] = [a.address],
  envelopeFrom: string | null = "grace@customer.example",
) {
  return takeInboundMail(
    { db: t.db, queue: t.app.jobs, inboundDomain: domain },
    { raw, recipients, envelopeFrom, transport: "smtp" },
  );
}

/** The company's stored mail with this Message-ID, once the job has settled it. */
async function settled(messageId: string, companyId = a.companyId) {
  const read = async () =>
    (
      await t.db
        .select()
        .from(inboundEmails)
        .where(and(eq(inboundEmails.companyId, companyId), eq(inboundEmails.headerMessageId, messageId)))
    )[0];
  await expect.poll(async () => (await read())?.state, WAIT).not.toBe("received");
  return (await read())!;
}

async function storedMessage(messageId: string, companyId = a.companyId) {
  const row = await settled(messageId, companyId);
  expect(row.state, row.error ?? "").toBe("stored");
  const [message] = await t.db.select().from(messages).where(eq(messages.id, row.messageId!));
  const [conversation] = await t.db.select().from(conversations).where(eq(conversations.id, message!.conversationId));
  return { row, message: message!, conversation: conversation! };
}

/** The reply the SMTP server took that answers this Message-ID, parsed. */
async function replyTo(messageId: string) {
  await expect.poll(() => sink.mails.some((mail) => mail.raw.includes(`In-Reply-To: ${messageId}`)), WAIT).toBe(true);
  const sunk = sink.mails.find((mail) => mail.raw.includes(`In-Reply-To: ${messageId}`))!;
  return { sunk, mail: await simpleParser(sunk.raw) };
}

const agentReplyJobs = (messageIds: string[]) =>
  t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, "agent_reply"), inArray(jobs.subjectId, messageIds)));

describe("a customer's mail", () => {
  let first: { messageId: string; conversationId: string; replyToken: string; ourMessageId: string };

  it("is answered by the channel's AI employee, threaded under the customer's mail", async () => {
    const { raw, messageId } = await compose({ text: "Hello, how much is a pallet jack?" });
    expect(await deliver(raw)).toMatchObject({ accepted: 1 });
    const { message, conversation } = await storedMessage(messageId);
    expect(message).toMatchObject({
      senderType: "customer",
      senderName: "Grace Hopper",
      content: "Hello, how much is a pallet jack?",
      emailMessageId: messageId,
      email: {
        subject: "Pallet jack price",
        from: '"Grace Hopper" <grace@customer.example>',
        to: [a.address],
        cc: [],
        automated: null,
        skippedAttachments: [],
        inReplyTo: null,
        references: [],
      },
    });
    expect(conversation).toMatchObject({
      companyId: a.companyId,
      channel: "email",
      emailChannelId: a.emailChannelId,
      subject: "Pallet jack price",
      aiEmployeeId: a.employee.id,
      handledBy: "ai",
    });
    expect(conversation.emailReplyToken).toMatch(/^[a-z0-9]{24}$/);
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, conversation.customerId!));
    expect(customer).toMatchObject({ fullName: "Grace Hopper", email: "grace@customer.example" });
    const [lead] = await t.db.select().from(leads).where(eq(leads.conversationId, conversation.id));
    expect(lead).toMatchObject({ source: "Email", channel: "email", personName: "Grace Hopper" });

    const { sunk, mail } = await replyTo(messageId);
    expect(sunk.to).toEqual(["grace@customer.example"]);
    expect(sunk.from).toBe(a.address);
    expect(mail.inReplyTo).toBe(messageId);
    expect(mail.references).toBe(messageId);
    expect(mail.subject).toBe("Re: Pallet jack price");
    expect(mail.replyTo?.value[0]?.address).toBe(`reply+${conversation.emailReplyToken}@${domain}`);
    expect(mail.headers.get("auto-submitted")).toBe("auto-replied");
    expect(mail.text?.trim()).not.toBe("");
    const [aiMessage] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversation.id), eq(messages.senderType, "ai")));
    expect(aiMessage).toMatchObject({ aiEmployeeId: a.employee.id, emailMessageId: mail.messageId });
    first = {
      messageId,
      conversationId: conversation.id,
      replyToken: conversation.emailReplyToken!,
      ourMessageId: mail.messageId!,
    };
  });

  it("is joined by the customer's answer to our reply, which is answered with one Re:", async () => {
    const { raw, messageId } = await compose({
      subject: "Re: Pallet jack price",
      inReplyTo: first.ourMessageId,
      references: [first.messageId, first.ourMessageId],
      text: `Great, two please.\n\nOn Tue, Acme wrote:\n> A pallet jack is $300.\n`,
    });
    await deliver(raw);
    const { message, conversation } = await storedMessage(messageId);
    expect(conversation.id).toBe(first.conversationId);
    expect(message.content).toBe("Great, two please.");
    expect(message.email?.quotedText).toContain("> A pallet jack is $300.");
    const { mail } = await replyTo(messageId);
    expect(mail.subject).toBe("Re: Pallet jack price");
    expect(mail.references).toEqual([first.messageId, first.ourMessageId, messageId]);
    // Still one customer and one lead for the thread.
    expect(await t.db.select().from(leads).where(eq(leads.conversationId, first.conversationId))).toHaveLength(1);
  });

  it("is joined by a mail sent only to the conversation's reply address", async () => {
    const replyAddress = `reply+${first.replyToken}@${domain}`;
    const { raw, messageId } = await compose({ to: replyAddress, subject: "One more thing", text: "Blue, please." });
    await deliver(raw, [replyAddress]);
    const { conversation } = await storedMessage(messageId);
    expect(conversation.id).toBe(first.conversationId);
  });

  it("is answered by staff through the same way out: a person's reply, not marked automatic", async () => {
    const sent = await t.app.inject({
      method: "POST",
      url: `/app/conversations/${first.conversationId}/messages.json`,
      headers: a.headers,
      payload: { content: "I have put two blue ones aside for you." },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const staffMessageId = sent.json().id as string;
    await expect
      .poll(() => sink.mails.some((mail) => mail.raw.includes("I have put two blue ones aside")), WAIT)
      .toBe(true);
    const mail = await simpleParser(sink.mails.find((m) => m.raw.includes("I have put two blue ones aside"))!.raw);
    // Threaded under the customer's latest mail (the one sent to the reply address).
    expect(mail.subject).toBe("Re: One more thing");
    expect(mail.inReplyTo).toMatch(/@customer\.example>$/);
    expect(mail.replyTo?.value[0]?.address).toBe(`reply+${first.replyToken}@${domain}`);
    expect(mail.headers.get("auto-submitted")).toBeUndefined();
    // The message shows the mail went out.
    await expect
      .poll(
        async () => (await t.db.select().from(messages).where(eq(messages.id, staffMessageId)))[0]?.deliveryStatus,
        WAIT,
      )
      .toBe("sent");
    const [row] = await t.db
      .select()
      .from(outboundMails)
      .where(eq(outboundMails.conversationMessageId, staffMessageId));
    expect(row).toMatchObject({ state: "sent", toAddress: "grace@customer.example", messageId: mail.messageId });
  });

  it("is not confused with our own reply coming back, which is ignored as a duplicate", async () => {
    const { sunk } = await replyTo(first.messageId);
    const result = await deliver(Buffer.from(sunk.raw), [a.address], "");
    expect(result.accepted).toBe(1);
    const row = await settled(first.ourMessageId);
    expect(row).toMatchObject({ state: "ignored", error: "duplicate", messageId: null });
  });
});

describe("mail a machine wrote", () => {
  it("is stored for staff and never answered: an auto-reply, a bounce, a list mail", async () => {
    const start = await compose({ text: "Do you sell forklifts?" });
    await deliver(start.raw);
    const { conversation } = await storedMessage(start.messageId);
    const { mail: ours } = await replyTo(start.messageId);
    const outboxBefore = (await t.db.select().from(outboundMails).where(eq(outboundMails.companyId, a.companyId)))
      .length;

    const autoReply = await compose({
      subject: "Automatic reply: Re: Pallet jack price",
      inReplyTo: ours.messageId!,
      headers: { "Auto-Submitted": "auto-replied" },
      text: "I am out of the office until Monday.",
    });
    const bounce = {
      messageId: "<bounce-1@mx.customer.example>",
      raw: Buffer.from(
        [
          "From: Mail Delivery System <MAILER-DAEMON@mx.customer.example>",
          `To: ${a.address}`,
          "Subject: Undelivered Mail Returned to Sender",
          "Message-ID: <bounce-1@mx.customer.example>",
          'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
          "",
          "--b1",
          "Content-Type: text/plain",
          "",
          "Your message could not be delivered.",
          "--b1",
          "Content-Type: message/delivery-status",
          "",
          "Final-Recipient: rfc822; gone@customer.example",
          "Action: failed",
          "Status: 5.1.1",
          "--b1--",
          "",
        ].join("\r\n"),
      ),
    };
    const list = await compose({
      from: "Shop News <news@shop.example>",
      subject: "Our spring sale",
      headers: { "List-Id": "Shop News <news.shop.example>", "List-Unsubscribe": "<mailto:leave@shop.example>" },
      text: "Everything 20% off.",
    });
    await deliver(autoReply.raw);
    await deliver(bounce.raw, [a.address], "");
    await deliver(list.raw, [a.address], "bounces+x=y@shop.example");

    const stored = {
      autoReply: await storedMessage(autoReply.messageId),
      bounce: await storedMessage(bounce.messageId),
      list: await storedMessage(list.messageId),
    };
    expect(stored.autoReply.conversation.id).toBe(conversation.id);
    expect(stored.autoReply.message.email?.automated).toBe("auto_submitted");
    expect(stored.bounce.message.email?.automated).toBe("bounce");
    expect(stored.bounce.message.content).toContain("could not be delivered");
    expect(stored.list.message.email?.automated).toBe("bulk");
    // A machine's new thread is no sales lead.
    expect(await t.db.select().from(leads).where(eq(leads.conversationId, stored.list.conversation.id))).toEqual([]);

    const ids = Object.values(stored).map((s) => s.message.id);
    expect(await agentReplyJobs(ids)).toEqual([]);
    await t.app.jobs.idle();
    const outboxAfter = await t.db.select().from(outboundMails).where(eq(outboundMails.companyId, a.companyId));
    expect(outboxAfter).toHaveLength(outboxBefore);
    const answered = [autoReply.messageId, bounce.messageId, list.messageId].filter((id) =>
      sink.mails.some((mail) => mail.raw.includes(`In-Reply-To: ${id}`)),
    );
    expect(answered).toEqual([]);
  });

  it("from a sender writing too fast is held for staff after the limit", async () => {
    const sent = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        compose({ from: "Fast <fast@customer.example>", subject: `Question ${i}`, text: `Question number ${i}?` }),
      ),
    );
    for (const mail of sent) await deliver(mail.raw, [a.address], "fast@customer.example");
    const stored = [];
    for (const mail of sent) stored.push(await storedMessage(mail.messageId));
    const held = stored.filter((s) => s.message.email?.automated === "too_many");
    expect(held).toHaveLength(1);
    expect(stored.filter((s) => s.message.email?.automated === null)).toHaveLength(10);
    expect(held[0]!.conversation.handledBy).toBe("staff");
    expect(await agentReplyJobs([held[0]!.message.id])).toEqual([]);
  });
});

describe("what a mail carries", () => {
  it("has its hostile HTML sanitized, and its text read from it", async () => {
    const { raw, messageId } = await compose({
      html:
        '<p onclick="steal()">Do you <b>ship</b> to Lisbon?</p><script>window.__pwned = 1</script>' +
        '<img src="https://track.example/open.gif?u=grace"><a href="javascript:alert(1)">click</a>' +
        '<iframe src="https://evil.example"></iframe><div style="background:url(https://track.example/b.gif)">x</div>',
    });
    await deliver(raw);
    const { message } = await storedMessage(messageId);
    expect(message.content).toMatch(/^Do you ship to Lisbon\?/);
    const html = message.email?.html ?? "";
    expect(html).toContain("<p>Do you <b>ship</b> to Lisbon?</p>");
    expect(html).not.toMatch(/script|onclick|track\.example|javascript|iframe|url\(/i);
  });

  it("keeps a real PDF and refuses a program renamed .pdf, listing it", async () => {
    const { raw, messageId } = await compose({
      text: "My order and the invoice tool.",
      attachments: [
        { filename: "order.pdf", content: PDF, contentType: "application/pdf" },
        { filename: "setup.pdf", content: EXE, contentType: "application/pdf" },
      ],
    });
    await deliver(raw);
    const { message } = await storedMessage(messageId);
    expect(message.email?.skippedAttachments).toEqual(["setup.pdf: not what it claims to be"]);
    const files = await t.db.select().from(attachments).where(eq(attachments.messageId, message.id));
    expect(files.map((file) => [file.fileName, file.contentType, file.companyId])).toEqual([
      ["order.pdf", "application/pdf", a.companyId],
    ]);
    expect(Buffer.from(files[0]!.data).equals(PDF)).toBe(true);
    expect(files[0]!.accessKey.length).toBeGreaterThanOrEqual(43);
  });
});

describe("each company's mail", () => {
  it("stays its own: a mail to A that names B's thread starts a thread in A", async () => {
    const toB = await compose({ to: b.address, text: "Hello Globex" });
    await deliver(toB.raw, [b.address]);
    const inB = await storedMessage(toB.messageId, b.companyId);
    expect(inB.conversation.companyId).toBe(b.companyId);

    const bConversationsBefore = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.companyId, b.companyId));
    const replyAddressB = `reply+${inB.conversation.emailReplyToken}@${domain}`;
    const toA = await compose({ cc: replyAddressB, inReplyTo: toB.messageId, references: [toB.messageId], text: "Hi" });
    await deliver(toA.raw, [a.address]);
    const inA = await storedMessage(toA.messageId);
    expect(inA.conversation.companyId).toBe(a.companyId);
    expect(inA.conversation.id).not.toBe(inB.conversation.id);
    expect(inA.message.companyId).toBe(a.companyId);
    expect(await t.db.select().from(conversations).where(eq(conversations.companyId, b.companyId))).toHaveLength(
      bConversationsBefore.length,
    );
    const bMessages = await t.db.select().from(messages).where(eq(messages.conversationId, inB.conversation.id));
    expect(bMessages.map((m) => m.emailMessageId)).not.toContain(toA.messageId);
  });

  it("delivered twice is one message", async () => {
    const { raw, messageId } = await compose({ text: "Sent twice by a retrying server." });
    expect(await deliver(raw)).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(await deliver(raw)).toMatchObject({ accepted: 0, duplicates: 1 });
    await storedMessage(messageId);
    const copies = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, a.companyId), eq(messages.emailMessageId, messageId)));
    expect(copies).toHaveLength(1);
  });

  it("that cannot be read is failed with why, and not tried again", async () => {
    const messageId = "<no-sender@customer.example>";
    await deliver(Buffer.from(`To: ${a.address}\r\nMessage-ID: ${messageId}\r\nSubject: ?\r\n\r\nNo From here.\r\n`));
    const row = await settled(messageId);
    expect(row).toMatchObject({ state: "failed", messageId: null });
    expect(row.error).toMatch(/no sender/);
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "email_receive"), eq(jobs.subjectId, row.id)));
    await expect
      .poll(async () => (await t.db.select().from(jobs).where(eq(jobs.id, job!.id)))[0]?.state, WAIT)
      .toBe("done");
    expect((await t.db.select().from(jobs).where(eq(jobs.id, job!.id)))[0]?.attempts).toBe(1);
  });
});

describe("through the SMTP listener", () => {
  it("a customer's mail sent with nodemailer is stored and answered", async () => {
    const listener = await startSmtpListener(t.app.email, { host: "127.0.0.1", port: 0 });
    try {
      const transport = nodemailer.createTransport({
        host: "127.0.0.1",
        port: listener.port,
        secure: false,
        ignoreTLS: true,
      });
      const messageId = newMessageId();
      const info = await transport.sendMail({
        from: GRACE,
        to: a.address,
        subject: "Sent over SMTP",
        text: "Do you deliver on Saturdays?",
        messageId,
      });
      expect(info.accepted).toEqual([a.address]);
      const { message, row } = await storedMessage(messageId);
      expect(row.transport).toBe("smtp");
      expect(message.content).toBe("Do you deliver on Saturdays?");
      const { mail } = await replyTo(messageId);
      expect(mail.subject).toBe("Re: Sent over SMTP");
    } finally {
      await listener.close();
    }
  });
});
