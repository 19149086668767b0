import { OUTBOUND_MAIL_STATES } from "@foreman/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { emailChannels } from "./channels.ts";
import { bytea, companyId, createdAt, inList } from "./columns.ts";
import { companies } from "./companies.ts";
import { messages } from "./conversations.ts";

// The outbox (modules/mail): every mail the product sends, kept whether or not it could be sent; and
// the originals of the mail that came in (modules/email).

export type OutboundMailHeaders = {
  /** Threads the mail under the customer's (their Message-ID), and the thread before it. */
  inReplyTo?: string;
  references?: string[];
  replyTo?: string;
  /** Marks an AI employee's reply as automatic (RFC 3834), so autoresponders do not answer it. */
  autoReplied?: boolean;
};

export const outboundMails = pgTable(
  "outbound_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Null for mail to a user about their own account (a reset link, a two-factor notice): it belongs
    // to no company, so no company's outbox lists it.
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    // Our own Message-ID, fixed when the row is written: a retry after a crash resends the same mail,
    // which receivers recognise as one.
    messageId: text("message_id").notNull(),
    headers: jsonb("headers").$type<OutboundMailHeaders>().notNull().default({}),
    // The conversation message this mail carries (a reply by email): its delivery follows the mail's.
    conversationMessageId: uuid("conversation_message_id").references(() => messages.id, { onDelete: "set null" }),
    // The text carries a single-use link (a password reset, an invitation): it is erased once the mail
    // has left or finally failed, so the database keeps no working link longer than it must.
    eraseTextAfterSend: boolean("erase_text_after_send").notNull().default(false),
    state: text("state", { enum: OUTBOUND_MAIL_STATES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    // What the SMTP server answered when it took the mail.
    smtpResponse: text("smtp_response"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbound_mails_company_id_created_at_idx").on(t.companyId, t.createdAt.desc()),
    index("outbound_mails_conversation_message_id_idx").on(t.conversationMessageId),
    check("outbound_mails_state_check", sql`${t.state} in (${inList(OUTBOUND_MAIL_STATES)})`),
  ],
);

export type OutboundMailRow = typeof outboundMails.$inferSelect;

export const INBOUND_EMAIL_STATES = ["received", "stored", "ignored", "failed"] as const;

/**
 * A mail as it arrived, byte for byte (RFC 822). Written when the listener or the webhook takes it
 * (`received`); the `email_receive` job then parses it, off the request path, into a customer message
 * (`stored`, `message_id` set), or leaves it with why not (`ignored`: no channel, `failed`: unreadable).
 * Staff can download the original; nothing the parser left out is lost. A mail with a Message-ID the
 * company already has is taken once.
 */
export const inboundEmails = pgTable(
  "inbound_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    emailChannelId: uuid("email_channel_id").references(() => emailChannels.id, { onDelete: "set null" }),
    /** The mail's Message-ID, or `<sha256-of-the-bytes@no-message-id>` when it has none. */
    headerMessageId: text("header_message_id").notNull(),
    /** `smtp` (the built-in listener) or `webhook` (POST /webhooks/email). */
    transport: text("transport").notNull(),
    envelopeFrom: text("envelope_from"),
    /** The address it was delivered to (the channel's inbound or a conversation's reply address). */
    recipient: text("recipient").notNull(),
    raw: bytea("raw").notNull(),
    byteSize: integer("byte_size").notNull(),
    state: text("state", { enum: INBOUND_EMAIL_STATES }).notNull().default("received"),
    error: text("error"),
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "set null" }),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex("inbound_emails_company_id_header_message_id_key").on(t.companyId, t.headerMessageId),
    index("inbound_emails_message_id_idx").on(t.messageId),
    index("inbound_emails_company_id_received_at_idx").on(t.companyId, t.receivedAt),
    check("inbound_emails_transport_check", sql`${t.transport} in ('smtp', 'webhook')`),
    check("inbound_emails_state_check", sql`${t.state} in (${inList(INBOUND_EMAIL_STATES)})`),
  ],
);

export type InboundEmailRow = typeof inboundEmails.$inferSelect;
