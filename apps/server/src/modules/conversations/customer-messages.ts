import { type Channel, INBOX_IDS, type Message } from "@foreman/contract";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  conversations,
  type EmailMessagePart,
  leads,
  messages,
  type WhatsappMessagePart,
} from "#server/db/schema/index.ts";
import { toMessage } from "./messages.repository.ts";

// The writes of a customer's message, whatever channel brought it: modules/channels
// (receive-customer-message.ts) runs them in one transaction with the job that answers it.

export type NewConversationInput = {
  companyId: string;
  channel: Channel;
  customerId: string | null;
  aiEmployeeId: string | null;
  apiChannelId: string | null;
  /** The WhatsApp number it came through (modules/whatsapp). */
  whatsappConnectionId?: string | null;
  /** The website chat it came through (modules/channels/website-chat). */
  websiteChatId?: string | null;
  /** The email channel it came through, and its reply address's token (modules/email). */
  emailChannelId?: string | null;
  emailReplyToken?: string | null;
  /** The company number the call came in on or went out from (modules/calls). */
  phoneNumberId?: string | null;
  /** What it is about, when the channel says (an email's subject). */
  subject?: string | null;
  isTest: boolean;
  /** A lead for the sales pipeline (never for tests): its source and person. */
  lead: { source: string; personName: string } | null;
};

/** A new conversation with the company's next display id (numbered under a per-company lock). */
export async function createConversation(tx: Executor, input: NewConversationInput): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`conversation-number:${input.companyId}`}))`);
  const [next] = await tx
    .select({ displayId: sql<number>`coalesce(max(${conversations.displayId}), 0) + 1` })
    .from(conversations)
    .where(eq(conversations.companyId, input.companyId));
  const [row] = await tx
    .insert(conversations)
    .values({
      companyId: input.companyId,
      displayId: Number(next!.displayId),
      inboxId: INBOX_IDS[input.channel],
      customerId: input.customerId,
      channel: input.channel,
      aiEmployeeId: input.aiEmployeeId,
      apiChannelId: input.apiChannelId,
      whatsappConnectionId: input.whatsappConnectionId ?? null,
      websiteChatId: input.websiteChatId ?? null,
      emailChannelId: input.emailChannelId ?? null,
      emailReplyToken: input.emailReplyToken ?? null,
      phoneNumberId: input.phoneNumberId ?? null,
      subject: input.subject ?? null,
      isTest: input.isTest,
    })
    .returning({ id: conversations.id });
  if (input.lead && !input.isTest) {
    await tx.insert(leads).values({
      companyId: input.companyId,
      source: input.lead.source,
      channel: input.channel,
      personName: input.lead.personName,
      aiEmployeeId: input.aiEmployeeId,
      conversationId: row!.id,
      customerId: input.customerId,
    });
  }
  return row!.id;
}

/** Where a conversation came in: a channel API channel, a WhatsApp number, a website chat, an email channel, or a phone number. */
export type ConversationSource =
  | { apiChannelId: string }
  | { whatsappConnectionId: string }
  | { websiteChatId: string }
  | { emailChannelId: string }
  | { phoneNumberId: string };

function sourceMatches(source: ConversationSource) {
  if ("apiChannelId" in source) return eq(conversations.apiChannelId, source.apiChannelId);
  if ("whatsappConnectionId" in source) return eq(conversations.whatsappConnectionId, source.whatsappConnectionId);
  if ("websiteChatId" in source) return eq(conversations.websiteChatId, source.websiteChatId);
  if ("phoneNumberId" in source) return eq(conversations.phoneNumberId, source.phoneNumberId);
  return eq(conversations.emailChannelId, source.emailChannelId);
}

/** The source's open conversation with the customer (the newest not resolved), if any. */
export async function findOpenChannelConversation(tx: Executor, source: ConversationSource, customerId: string) {
  const [row] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(sourceMatches(source), eq(conversations.customerId, customerId), ne(conversations.status, "resolved")))
    .orderBy(desc(conversations.createdAt))
    .limit(1);
  return row?.id ?? null;
}

export type CustomerMessageInput = {
  companyId: string;
  conversationId: string;
  senderName: string;
  content: string;
  apiChannelId: string | null;
  externalId: string | null;
  /** WhatsApp's id for the message (deduplicates Meta's retries) and its media, if any. */
  whatsappMessageId?: string | null;
  whatsapp?: WhatsappMessagePart | null;
  /** A mail's Message-ID (deduplicates a mail delivered twice, threads answers) and its part. */
  emailMessageId?: string | null;
  email?: EmailMessagePart | null;
};

/**
 * Stores the customer's message, in the caller's transaction. Answers null when the channel already
 * has a message with this id (a second delivery): nothing is written.
 */
export async function storeCustomerMessage(tx: Executor, input: CustomerMessageInput): Promise<Message | null> {
  const [row] = await tx
    .insert(messages)
    .values({
      companyId: input.companyId,
      conversationId: input.conversationId,
      senderType: "customer",
      senderName: input.senderName,
      content: input.content,
      apiChannelId: input.apiChannelId,
      externalId: input.externalId,
      whatsappMessageId: input.whatsappMessageId ?? null,
      whatsapp: input.whatsapp ?? null,
      emailMessageId: input.emailMessageId ?? null,
      email: input.email ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  // A customer writing again reopens the conversation: it waits on us.
  await tx
    .update(conversations)
    .set({
      lastActivityAt: sql`greatest(${conversations.lastActivityAt}, ${row.createdAt.toISOString()}::timestamptz)`,
      status: "open",
    })
    .where(and(eq(conversations.companyId, input.companyId), eq(conversations.id, input.conversationId)));
  return toMessage({ ...row, avatarUrl: null }, []);
}

/** The message a channel delivered before under this id (its first delivery), if any. */
export async function findChannelMessage(db: Executor, apiChannelId: string, externalId: string) {
  const [row] = await db
    .select({ conversationId: messages.conversationId, messageId: messages.id })
    .from(messages)
    .where(and(eq(messages.apiChannelId, apiChannelId), eq(messages.externalId, externalId)));
  return row ?? null;
}
