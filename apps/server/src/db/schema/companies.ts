import { type BusinessHours, COMPANY_LANGUAGES, COMPANY_ROLES } from "@foreman/contract";
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
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { bytea } from "./bytea.ts";

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
    // Owners may require two-factor sign-in of everyone: a member without it is refused the company's data.
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    // An IANA time zone ("America/Santiago"): the dashboard shows times in it, business hours are read in it.
    timeZone: text("time_zone").notNull().default("UTC"),
    // The languages its AI employees answer customers in (the company's own language first).
    answerLanguages: text("answer_languages").array().notNull().default(sql`'{en}'::text[]`),
    // When staff answer (contract BusinessHours); null: always open.
    businessHours: jsonb("business_hours").$type<BusinessHours>(),
    // Conversations (and their files) whose last activity is older are deleted nightly; null: kept forever.
    retentionDays: integer("retention_days"),
    // An owner asked to delete the company: it can be restored for 7 days, then everything is purged.
    deletionRequestedAt: timestamp("deletion_requested_at", { withTimezone: true }),
    deletionRequestedBy: uuid("deletion_requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("companies_name_idx").on(t.name),
    unique("companies_chat_account_id_key").on(t.chatAccountId),
    check(
      "companies_language_check",
      sql`${t.language} in (${sql.raw(COMPANY_LANGUAGES.map((l) => `'${l}'`).join(", "))})`,
    ),
    check("companies_retention_days_check", sql`${t.retentionDays} is null or ${t.retentionDays} between 1 and 3650`),
    // The nightly purge finds the companies whose grace has run out.
    index("companies_deletion_requested_at_idx")
      .on(t.deletionRequestedAt)
      .where(sql`${t.deletionRequestedAt} is not null`),
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

/**
 * The company's logo as served (`/logos/<sha256>.webp`, `companies.logo_small_url`): re-encoded from the
 * upload to a small square, so nothing of the original file (metadata, other formats) is ever served.
 */
export const companyLogos = pgTable(
  "company_logos",
  {
    companyId: uuid("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    sha256: text("sha256").notNull(),
    contentType: text("content_type").notNull(),
    image: bytea("image").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("company_logos_sha256_idx").on(t.sha256)],
);

/**
 * An invitation to join a company with a role: a single-use link valid 7 days, its token stored only as
 * a hash. At most one open invitation per company and email; resending rotates the token.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: COMPANY_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull().unique("invitations_token_hash_key"),
    invitedByUserId: uuid("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    sentCount: integer("sent_count").notNull().default(1),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: uuid("accepted_user_id").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("invitations_company_id_created_at_idx").on(t.companyId, t.createdAt.desc()),
    uniqueIndex("invitations_open_company_id_email_key")
      .on(t.companyId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check("invitations_role_check", sql`${t.role} in ('owner', 'admin', 'member')`),
    check("invitations_email_lower_case", sql`${t.email} = lower(${t.email})`),
  ],
);
