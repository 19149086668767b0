import { randomInt } from "node:crypto";
import { type AutomatedMailReason, namedAddress } from "@foreman/contract";
import type { EmailMessagePart } from "#server/db/schema/index.ts";
import {
  answeringEmployee,
  type CustomerMessage,
  newUnverifiedCustomer,
  receiveCustomerMessage,
} from "../channels/index.ts";
import { findMessage, insertAttachments, newAccessKey } from "../conversations/index.ts";
import { companyJobHandler, type JobHandler } from "../jobs/index.ts";
import type { EmailDeps } from "./email-deps.ts";
import { oneAtATime } from "./one-at-a-time.ts";
import { type MailAddress, type ParsedMail, parseMail, UnreadableMailError } from "./parse-mail.ts";
import { findMailChannel, findReceivedMail, settleInboundEmail } from "./receive-mail.repository.ts";
import { automatedSenderReason, type Sender, writesTooFast } from "./sender-checks.ts";
import { findThread, type MailThread } from "./threading.ts";

/** The source a new email conversation's lead names. */
export const EMAIL_LEAD_SOURCE = "Email";

const TOKEN_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
/** A conversation's reply address token: 24 random base36 characters (about 124 bits). */
export function newReplyToken(): string {
  return Array.from({ length: 24 }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join("");
}

const shown = (address: MailAddress) => namedAddress(address.name, address.address);

/**
 * The `email_receive` job: reads a stored mail (intake.ts) into a customer message of the company's
 * email conversation, through the one way in (receiveCustomerMessage). A machine's mail, our own, or a
 * sender writing too fast is stored and not answered; an unreadable one is `failed` and not retried.
 */
export function receiveMailHandler(deps: EmailDeps): JobHandler {
  // One sender's mails to a channel are counted and stored one after another, so the per-minute limit
  // holds however many jobs run at once (on this instance; across instances it may let a few more by).
  const perSender = oneAtATime();
  return companyJobHandler(async (job) => {
    const { companyId } = job;
    const row = await findReceivedMail(deps.db, companyId, job.subjectId);
    if (!row) return { status: "done" };
    const settle = (outcome: Parameters<typeof settleInboundEmail>[3]) =>
      settleInboundEmail(deps.db, companyId, row.id, outcome);
    const channel = row.emailChannelId ? await findMailChannel(deps.db, companyId, row.emailChannelId) : null;
    if (!channel) {
      await settle({ state: "ignored", error: "The email channel it came to was removed" });
      return { status: "done" };
    }
    let mail: ParsedMail;
    try {
      mail = await parseMail(Buffer.from(row.raw.buffer, row.raw.byteOffset, row.raw.byteLength));
    } catch (error) {
      if (!(error instanceof UnreadableMailError)) throw error;
      await settle({ state: "failed", error: error.message });
      return { status: "done" };
    }
    const sender: Sender = {
      companyId,
      emailChannelId: channel.id,
      inboundDomain: deps.config.inboundDomain,
      address: mail.from.address,
      envelopeFrom: row.envelopeFrom,
      loopHeaders: mail.loopHeaders,
    };
    const machine = await automatedSenderReason(deps.db, sender);
    return perSender(`${companyId}:${channel.id}:${sender.address}`, async () => {
      const automated = machine ?? ((await writesTooFast(deps.db, sender)) ? "too_many" : null);
      return storeMail(deps, { companyId, row, channel, mail, automated });
    });
  });
}

type MailToStore = {
  companyId: string;
  row: NonNullable<Awaited<ReturnType<typeof findReceivedMail>>>;
  channel: NonNullable<Awaited<ReturnType<typeof findMailChannel>>>;
  mail: ParsedMail;
  automated: AutomatedMailReason | null;
};

/** The mail as a customer message of its thread (or a new one), its files, and the row's outcome. */
async function storeMail(
  deps: EmailDeps,
  { companyId, row, channel, mail, automated }: MailToStore,
): ReturnType<JobHandler> {
  const thread = await findThread(deps.db, {
    companyId,
    emailChannelId: channel.id,
    inboundDomain: deps.config.inboundDomain,
    recipients: [row.recipient, ...mail.to.map((to) => to.address), ...mail.cc.map((cc) => cc.address)],
    inReplyTo: mail.inReplyTo,
    references: mail.references,
  });
  const received = await receiveCustomerMessage(deps, {
    companyId,
    ...(thread ? joining(thread) : starting(companyId, channel, mail, automated)),
    message: {
      senderName: mail.from.name || mail.from.address,
      // A mail with no text says it in its subject.
      content: mail.newText || mail.subject,
      apiChannelId: null,
      externalId: null,
      emailMessageId: row.headerMessageId,
      email: emailPart(mail, automated),
    },
    answer: automated === "too_many" ? "hold" : automated ? "none" : "ai",
    // The files and the mail's outcome are written with the message: none without the others.
    alsoQueue: async (tx, _queue, message) => {
      await insertAttachments(
        tx,
        mail.attachments.map((file) => ({ companyId, messageId: message.id, accessKey: newAccessKey(), ...file })),
      );
      await settleInboundEmail(tx, companyId, row.id, { state: "stored", messageId: message.id });
    },
  });
  if ("duplicate" in received) {
    // The company has a message with this Message-ID: the same mail again, or our own coming back.
    await settleInboundEmail(deps.db, companyId, row.id, { state: "ignored", error: "duplicate" });
    return { status: "done" };
  }
  deps.log.debug(
    { inboundEmailId: row.id, automated, remoteImagesDropped: mail.remoteImagesDropped },
    "Email: a mail stored",
  );
  if (mail.attachments.length > 0) {
    // The message went out live before its files were readable through it: show it with them.
    const message = await findMessage(deps.db, companyId, received.message.id);
    if (message)
      await deps.events.publish(companyId, {
        type: "message.updated",
        conversationId: received.conversationId,
        message,
      });
  }
  return { status: "done" };
}

/** A mail that continues a thread: its conversation and that conversation's customer. */
function joining(thread: MailThread): Pick<CustomerMessage, "conversation" | "customer"> {
  return {
    customer: async () => thread.customerId,
    conversation: { find: async () => thread.conversationId },
  };
}

/** A mail that starts a thread: a new customer (never one found by the unproven From) and conversation. */
function starting(
  companyId: string,
  channel: { id: string; aiEmployeeId: string | null; departmentId: string | null },
  mail: ParsedMail,
  automated: AutomatedMailReason | null,
): Pick<CustomerMessage, "conversation" | "customer"> {
  const personName = mail.from.name || mail.from.address;
  return {
    customer: (tx) => newUnverifiedCustomer(tx, { companyId, fullName: personName, email: mail.from.address }),
    conversation: {
      source: { emailChannelId: channel.id },
      startWith: async (tx) => ({
        channel: "email",
        aiEmployeeId: (await answeringEmployee(tx, { companyId, ...channel }))?.id ?? null,
        // A machine's mail is no sales lead.
        lead: automated ? null : { source: EMAIL_LEAD_SOURCE, personName },
        emailReplyToken: newReplyToken(),
        subject: mail.subject || undefined,
      }),
    },
  };
}

function emailPart(mail: ParsedMail, automated: AutomatedMailReason | null): EmailMessagePart {
  return {
    subject: mail.subject,
    from: shown(mail.from),
    to: mail.to.map(shown),
    cc: mail.cc.map(shown),
    quotedText: mail.quotedText,
    html: mail.html,
    automated,
    skippedAttachments: mail.skippedAttachments,
    inReplyTo: mail.inReplyTo,
    references: mail.references,
  };
}
