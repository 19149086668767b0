import { bareAddress, inboundAddress, namedAddress, replyAddress, replySubject } from "@foreman/contract";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { companies, conversations, emailChannels, messages } from "#server/db/schema/index.ts";
import type { OutgoingMessage } from "../../conversations/index.ts";
import { queueMail } from "../../mail/index.ts";
import type { ChannelOutbound } from "../channel-outbound.ts";

export type EmailOutboundSettings = { inboundDomain: string };

/** How many earlier Message-IDs a reply's References carries (the thread's root and the newest ones). */
const REFERENCES_KEPT = 20;

/**
 * Email: a reply goes into the outbox (modules/mail) in the transaction that stored it, threaded under
 * the customer's latest mail (In-Reply-To its Message-ID, References its thread, the subject with one
 * "Re:") and carrying the conversation's reply address, so the customer's answer comes back to this
 * thread. It is "pending" until the SMTP server takes it. Staff may always write.
 */
export function emailOutbound(settings: EmailOutboundSettings): ChannelOutbound {
  return {
    async checkStaffReply() {},
    async deliver(tx, queue, message) {
      const mail = await replyMail(tx, settings, message);
      if (!mail) return null;
      const queued = await queueMail(tx, queue, {
        companyId: message.companyId,
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        headers: mail.headers,
        conversationMessageId: message.messageId,
      });
      await tx
        .update(messages)
        .set({
          emailMessageId: queued.messageId,
          email: {
            subject: mail.subject,
            from: mail.from,
            to: [mail.to],
            cc: [],
            quotedText: null,
            html: null,
            automated: null,
            skippedAttachments: [],
            inReplyTo: mail.headers.inReplyTo ?? null,
            references: mail.headers.references ?? [],
          },
        })
        .where(and(eq(messages.companyId, message.companyId), eq(messages.id, message.messageId)));
      return "pending";
    },
  };
}

/** The mail that carries an outgoing message, or null when the conversation has no customer mail to answer. */
async function replyMail(tx: Executor, settings: EmailOutboundSettings, message: OutgoingMessage) {
  const { companyId, conversationId } = message;
  const [conversation] = await tx
    .select({
      replyToken: conversations.emailReplyToken,
      channelName: emailChannels.name,
      inboundLocal: emailChannels.inboundLocal,
      fromAddress: emailChannels.fromAddress,
      companyName: companies.name,
    })
    .from(conversations)
    .innerJoin(emailChannels, eq(emailChannels.id, conversations.emailChannelId))
    .innerJoin(companies, eq(companies.id, conversations.companyId))
    .where(and(eq(conversations.companyId, companyId), eq(conversations.id, conversationId)));
  if (!conversation) return null;
  // The customer's latest mail: the one this reply answers.
  const [latest] = await tx
    .select({ emailMessageId: messages.emailMessageId, email: messages.email })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.conversationId, conversationId),
        eq(messages.senderType, "customer"),
        isNotNull(messages.email),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  const to = bareAddress(latest?.email?.from);
  if (!latest?.email || !to) return null;
  const [outgoing] = await tx
    .select({ content: messages.content, senderType: messages.senderType })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.id, message.messageId)));
  if (!outgoing) return null;
  const sender = conversation.fromAddress ?? inboundAddress(conversation.inboundLocal, settings.inboundDomain);
  const references = [...(latest.email.references ?? []), ...(latest.emailMessageId ? [latest.emailMessageId] : [])];
  return {
    from: namedAddress(conversation.companyName, sender),
    to,
    subject: replySubject(latest.email.subject),
    text: outgoing.content,
    headers: {
      inReplyTo: latest.emailMessageId ?? undefined,
      references:
        references.length > REFERENCES_KEPT ? [references[0]!, ...references.slice(1 - REFERENCES_KEPT)] : references,
      replyTo: conversation.replyToken ? replyAddress(conversation.replyToken, settings.inboundDomain) : undefined,
      autoReplied: outgoing.senderType === "ai",
    },
  };
}
