import {
  CHANNELS,
  CONVERSATION_HANDLERS,
  CONVERSATION_STATUSES,
  DELIVERY_STATUSES,
  type MessageEmail,
  SENDER_TYPES,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { aiEmployees } from "./ai-employees.ts";
import { users } from "./auth.ts";
import { apiChannels, customers, emailChannels, websiteChats } from "./channels.ts";
import { bytea, companyId, createdAt, inList } from "./columns.ts";
import { phoneNumbers } from "./phones.ts";
import { whatsappConnections } from "./whatsapp.ts";

/**
 * See messages.email: a mail's part beside its new text (the wire's MessageEmail without the URL), and
 * the thread headers it came or went with.
 */
export type EmailMessagePart = Omit<MessageEmail, "originalUrl"> & { inReplyTo?: string | null; references?: string[] };

/** See messages.whatsapp. */
export type WhatsappMessagePart = {
  template?: { name: string; language: string; parameters: string[] };
  media?: { id: string; mimeType: string | null; fileName: string | null };
};

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * How much of a message the search reads: PostgreSQL refuses a tsvector over 1 MB, which a pasted log
 * in a long email could reach, and the insert would fail with it. 100,000 characters is a long email.
 */
export const MESSAGE_SEARCH_PREFIX_CHARS = 100_000;

// Conversations, their messages and attachments.
// Every table carries company_id; states are text + check (not pg enums) so a new value is a plain migration.

// Leads and orders link here; a conversation has the status, the handler and the activity time.
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    // The chat tool's ids: display_id is per company (the 'conversation' of 'account-conversation').
    displayId: integer("display_id").notNull(),
    inboxId: integer("inbox_id").notNull(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    channel: text("channel", { enum: CHANNELS }).notNull(),
    status: text("status", { enum: CONVERSATION_STATUSES }).notNull().default("open"),
    aiEmployeeId: uuid("ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    // The AI employee answers until a staff member sends a message.
    handledBy: text("handled_by", { enum: CONVERSATION_HANDLERS }).notNull().default("ai"),
    takenOverByUserId: uuid("taken_over_by_user_id").references(() => users.id, { onDelete: "set null" }),
    takenOverAt: timestamp("taken_over_at", { withTimezone: true }),
    // The newest message's time (the conversation's creation before any): the inbox's order.
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    // The channel API's channel it came through (one open conversation per channel and customer).
    apiChannelId: uuid("api_channel_id").references(() => apiChannels.id, { onDelete: "set null" }),
    // The WhatsApp number it came through (one open conversation per number and customer).
    whatsappConnectionId: uuid("whatsapp_connection_id").references(() => whatsappConnections.id, {
      onDelete: "set null",
    }),
    // The website chat it came through (one open conversation per website chat and visitor).
    websiteChatId: uuid("website_chat_id").references(() => websiteChats.id, { onDelete: "set null" }),
    // The email channel it came through, and the random token of its reply address
    // (`reply+<token>@EMAIL_INBOUND_DOMAIN`): a customer's answer finds the thread by it.
    emailChannelId: uuid("email_channel_id").references(() => emailChannels.id, { onDelete: "set null" }),
    emailReplyToken: text("email_reply_token"),
    // The company number the customer called or was called from (one open conversation per number and
    // customer); its replies are spoken on the call.
    phoneNumberId: uuid("phone_number_id").references(() => phoneNumbers.id, { onDelete: "set null" }),
    // What the conversation is about, when its channel says (an email thread's subject): the inbox shows it.
    subject: text("subject"),
    // A playground conversation: staff testing an AI employee. Left out of every list and metric.
    isTest: boolean("is_test").notNull().default(false),
    // The first customer message and the first message after it from anyone else (the first reply), kept
    // by a trigger on messages (migration 0022) for the per-employee first-reply figure.
    firstCustomerMessageAt: timestamp("first_customer_message_at", { withTimezone: true }),
    firstReplyAt: timestamp("first_reply_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("conversations_api_channel_id_customer_id_idx").on(t.apiChannelId, t.customerId),
    index("conversations_whatsapp_connection_id_customer_id_idx").on(t.whatsappConnectionId, t.customerId),
    index("conversations_website_chat_id_customer_id_idx").on(t.websiteChatId, t.customerId),
    index("conversations_email_channel_id_idx").on(t.emailChannelId),
    index("conversations_phone_number_id_customer_id_idx").on(t.phoneNumberId, t.customerId),
    uniqueIndex("conversations_email_reply_token_key")
      .on(t.emailReplyToken)
      .where(sql`${t.emailReplyToken} is not null`),
    unique("conversations_company_id_display_id_key").on(t.companyId, t.displayId),
    // The inbox: a company's conversations by latest activity, keyset-paged.
    index("conversations_company_id_last_activity_at_idx").on(t.companyId, t.lastActivityAt.desc(), t.id.desc()),
    // A company's playground conversations (a few): message search leaves them out without a join per match.
    index("conversations_company_id_test_idx").on(t.companyId).where(sql`${t.isTest}`),
    // The per-employee outcomes: a period's conversations and first replies, read from the index alone.
    index("conversations_company_id_created_at_idx").on(
      t.companyId,
      t.createdAt,
      t.aiEmployeeId,
      t.isTest,
      t.firstCustomerMessageAt,
      t.firstReplyAt,
    ),
    check("conversations_status_check", sql`${t.status} in (${inList(CONVERSATION_STATUSES)})`),
    check("conversations_handled_by_check", sql`${t.handledBy} in (${inList(CONVERSATION_HANDLERS)})`),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderType: text("sender_type", { enum: SENDER_TYPES }).notNull(),
    senderName: text("sender_name").notNull(),
    // The staff author, or the AI employee who wrote it; null for the customer.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    aiEmployeeId: uuid("ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    // Unbounded here: channels deliver long emails; the API limits what staff send (MESSAGE_MAX_LENGTH).
    content: text("content").notNull(),
    // Inbound from a channel: the channel and the sender's own id for the message (deduplication).
    apiChannelId: uuid("api_channel_id").references(() => apiChannels.id, { onDelete: "set null" }),
    externalId: text("external_id"),
    // An AI reply: the customer message it answers (one reply per message) and the run that wrote it.
    replyToMessageId: uuid("reply_to_message_id"),
    agentRunId: uuid("agent_run_id"),
    // WhatsApp's id for the message (wamid), inbound or sent: deduplicates Meta's retries and finds the
    // message a status is about. Globally unique at Meta.
    whatsappMessageId: text("whatsapp_message_id"),
    // Sent out through WhatsApp: how far it got (statuses only move forward), and why it failed.
    deliveryStatus: text("delivery_status", { enum: DELIVERY_STATUSES }),
    deliveryErrorCode: integer("delivery_error_code"),
    deliveryError: text("delivery_error"),
    // WhatsApp's part of the message: the template it was sent as (with its parameters, for retries),
    // or the media a customer sent (fetched into attachments by a job).
    whatsapp: jsonb("whatsapp").$type<WhatsappMessagePart>(),
    // A mail's Message-ID, inbound or ours when sent: deduplicates a mail delivered twice and threads
    // the customer's answer (In-Reply-To, References) into its conversation. Unique per company.
    emailMessageId: text("email_message_id"),
    // The mail's subject, addresses, quoted part, sanitized HTML and why it was not answered.
    email: jsonb("email").$type<EmailMessagePart>(),
    // Kept to the millisecond: the page cursor carries a JS Date, which has no microseconds.
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`date_trunc('milliseconds', now())`),
    // Full-text search over messages (GET /app/messages/search.json): the words as they are written
    // ('simple': no stemming, no stop words, so any language and names match), kept by PostgreSQL.
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, left(content, ${sql.raw(String(MESSAGE_SEARCH_PREFIX_CHARS))}))`,
    ),
  },
  (t) => [
    // A conversation's pages, newest first (keyset on created_at, id).
    index("messages_conversation_id_created_at_idx").on(t.conversationId, t.createdAt.desc(), t.id.desc()),
    index("messages_company_id_created_at_idx").on(t.companyId, t.createdAt),
    // The search: one company's messages with the words (company_id through btree_gin), so a word common
    // across companies costs what its matches in this company do. Common words are read newest first
    // from messages_company_id_created_at_idx instead; the planner picks by the words' statistics.
    index("messages_company_id_search_vector_idx").using("gin", t.companyId, t.searchVector),
    uniqueIndex("messages_api_channel_id_external_id_key")
      .on(t.apiChannelId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    uniqueIndex("messages_company_id_email_message_id_key")
      .on(t.companyId, t.emailMessageId)
      .where(sql`${t.emailMessageId} is not null`),
    uniqueIndex("messages_whatsapp_message_id_key")
      .on(t.whatsappMessageId)
      .where(sql`${t.whatsappMessageId} is not null`),
    check(
      "messages_delivery_status_check",
      sql`${t.deliveryStatus} is null or ${t.deliveryStatus} in (${inList(DELIVERY_STATUSES)})`,
    ),
    uniqueIndex("messages_reply_to_message_id_key")
      .on(t.replyToMessageId)
      .where(sql`${t.replyToMessageId} is not null`),
    check("messages_sender_type_check", sql`${t.senderType} in (${inList(SENDER_TYPES)})`),
    check("messages_created_at_milliseconds_check", sql`${t.createdAt} = date_trunc('milliseconds', ${t.createdAt})`),
  ],
);

// Files live in the database so every instance on one PostgreSQL serves them. Served publicly at
// /files/{id}/{access_key}/{file_name}: the access key (32 random bytes, base64url) is the capability.
export const attachments = pgTable(
  "attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    accessKey: text("access_key").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("attachments_message_id_idx").on(t.messageId),
    check("attachments_byte_size_check", sql`${t.byteSize} >= 0 and ${t.byteSize} = octet_length(${t.data})`),
  ],
);

export type Conversation = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
