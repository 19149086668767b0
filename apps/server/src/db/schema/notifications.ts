import { NOTIFICATION_KINDS } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { companyId, createdAt, inList } from "./columns.ts";
import { outboundMails } from "./mail.ts";

// modules/notifications: what each user wants to be told, and what waits to be mailed to them.

/** One row per user who changed a default; a user without one gets the defaults below. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailActionItems: boolean("email_action_items").notNull().default(true),
  emailTicketsAssigned: boolean("email_tickets_assigned").notNull().default(true),
  emailHandoffs: boolean("email_handoffs").notNull().default(true),
  emailDailyDigest: boolean("email_daily_digest").notNull().default(false),
  toasts: boolean("toasts").notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Something a user is to be told by email. Rows wait here and go out batched: a burst of them becomes
 * one mail (mailed_at and outbound_mail_id set together), never one mail each.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    // What it is about (an action item, a ticket, a conversation) and the line the mail shows for it.
    subjectId: uuid("subject_id").notNull(),
    summary: text("summary").notNull(),
    link: text("link").notNull(),
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    outboundMailId: uuid("outbound_mail_id").references(() => outboundMails.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // The batch: a user's rows not mailed yet.
    index("notifications_user_id_unmailed_idx").on(t.userId, t.createdAt).where(sql`${t.mailedAt} is null`),
    index("notifications_company_id_idx").on(t.companyId),
    check("notifications_kind_check", sql`${t.kind} in (${inList(NOTIFICATION_KINDS)})`),
  ],
);
