import { OUTBOUND_MAIL_STATES } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companyId, createdAt, inList } from "./columns.ts";

// The outbox (modules/mail): every mail the product sends, kept whether or not it could be sent.

export type OutboundMailHeaders = {
  /** Threads the mail under the customer's (their Message-ID), and the thread before it. */
  inReplyTo?: string;
  references?: string[];
  replyTo?: string;
};

export const outboundMails = pgTable(
  "outbound_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    // Our own Message-ID, fixed when the row is written: a retry after a crash resends the same mail,
    // which receivers recognise as one.
    messageId: text("message_id").notNull(),
    headers: jsonb("headers").$type<OutboundMailHeaders>().notNull().default({}),
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
    check("outbound_mails_state_check", sql`${t.state} in (${inList(OUTBOUND_MAIL_STATES)})`),
  ],
);

export type OutboundMailRow = typeof outboundMails.$inferSelect;
