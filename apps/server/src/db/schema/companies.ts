import { COMPANY_LANGUAGES, COMPANY_ROLES } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";

export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    logoSmallUrl: text("logo_small_url"),
    // The company's main currency: sales indicators total completed orders in it.
    currency: text("currency").notNull().default("USD"),
    // The company's account in the chat tool: the 'account' of the 'account-conversation' pair and of
    // /internal/assist/{accountId}/thread/{conversationDisplayId}.
    chatAccountId: integer("chat_account_id").generatedByDefaultAsIdentity(),
    // Members may authorize what goes past the AI employees' guardrails and cancel placed orders (owners
    // and admins always may; contract companies/roles.ts `canApprove`).
    membersMayApprove: boolean("members_may_approve").notNull().default(false),
    // The language it works in: its department names, hiring presets, standard skills and chat widget.
    language: text("language", { enum: COMPANY_LANGUAGES }).notNull().default("en"),
    // When an owner or admin hid the dashboard's getting-started checklist (null: shown until done).
    gettingStartedDismissedAt: timestamp("getting_started_dismissed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("companies_name_idx").on(t.name),
    unique("companies_chat_account_id_key").on(t.chatAccountId),
    check(
      "companies_language_check",
      sql`${t.language} in (${sql.raw(COMPANY_LANGUAGES.map((l) => `'${l}'`).join(", "))})`,
    ),
  ],
);

// A user's place in a company. The role is text + check (not a pg enum) so new roles are a plain migration.
export const memberships = pgTable(
  "memberships",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    role: text("role", { enum: COMPANY_ROLES }).notNull().default("member"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("memberships_user_company_key").on(t.userId, t.companyId),
    index("memberships_company_id_idx").on(t.companyId),
    check("memberships_role_check", sql`${t.role} in ('owner', 'admin', 'member')`),
  ],
);
