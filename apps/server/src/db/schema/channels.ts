import { CUSTOMER_IDENTITY_KINDS } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { aiEmployees } from "./ai-employees.ts";
import { users } from "./auth.ts";
import { companyId, createdAt, inList } from "./columns.ts";
import { aiDepartments } from "./departments.ts";

// The channels' tables (modules/channels): the channel API's registry, and the customers the channels
// recognise (by the channel's external id or an identifier the channel verified).

/**
 * The channel API's registry: how an outside system reaches one AI employee. The
 * token is kept as its SHA-256 hash only; the webhook secret, which the server must read back to sign
 * every reply, is kept sealed under the server's key (`v1.…`, lib/secret-box.ts; modules/channels/webhook-secret.ts).
 */
export const apiChannels = pgTable(
  "api_channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    name: text("name").notNull(),
    // Set null if the employee is ever removed: the channel stays listed, and answers nothing until reassigned.
    aiEmployeeId: uuid("ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    webhookUrl: text("webhook_url"),
    tokenHash: text("token_hash").notNull(),
    /** The token's first characters, to tell channels apart without the secret. */
    tokenPrefix: text("token_prefix").notNull(),
    webhookSecret: text("webhook_secret").notNull(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    // Inbound messages find their channel by the token's hash.
    uniqueIndex("api_channels_token_hash_key").on(t.tokenHash),
    index("api_channels_company_id_created_at_idx").on(t.companyId, t.createdAt),
    check("api_channels_token_hash_check", sql`length(${t.tokenHash}) = 64`),
  ],
);

// The people a company sells to; conversations, leads and quotes point here. `email` and `phone` are
// contact data as given (a website visitor may type anyone's): never used to recognise a customer.
export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    fullName: text("full_name").notNull(),
    email: text("email"),
    phone: text("phone"),
    organization: text("organization"),
    createdAt: createdAt(),
  },
  (t) => [index("customers_company_id_idx").on(t.companyId)],
);

/**
 * The identifiers a channel verified for a customer (a WhatsApp number: Meta verified it), the only
 * thing that joins a new message to an existing customer across conversations. One customer per
 * identifier in a company.
 */
export const customerIdentities = pgTable(
  "customer_identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CUSTOMER_IDENTITY_KINDS }).notNull(),
    value: text("value").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("customer_identities_company_id_kind_value_key").on(t.companyId, t.kind, t.value),
    // Sending to a customer reads their verified number.
    index("customer_identities_customer_id_idx").on(t.customerId),
    check("customer_identities_kind_check", sql`${t.kind} in (${inList(CUSTOMER_IDENTITY_KINDS)})`),
  ],
);

/** Who a channel's `customer.external_id` is among the company's customers. */
export const channelContacts = pgTable(
  "channel_contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    apiChannelId: uuid("api_channel_id")
      .notNull()
      .references(() => apiChannels.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [unique("channel_contacts_api_channel_id_external_id_key").on(t.apiChannelId, t.externalId)],
);

/**
 * The website chat channel: a widget on the company's own site. `key` is public (it is in the snippet):
 * it only opens visitor sessions, and only from `allowedOrigins` (and Foreman's own demo page). Who
 * answers is one AI employee, or a department (its first active AI employee at the time).
 */
export const websiteChats = pgTable(
  "website_chats",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    name: text("name").notNull(),
    key: text("key").notNull(),
    aiEmployeeId: uuid("ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    departmentId: uuid("department_id").references(() => aiDepartments.id, { onDelete: "set null" }),
    allowedOrigins: text("allowed_origins").array().notNull().default(sql`'{}'::text[]`),
    greeting: text("greeting").notNull().default(""),
    color: text("color").notNull().default("#4F46E5"),
    enabled: boolean("enabled").notNull().default(true),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("website_chats_key_key").on(t.key),
    index("website_chats_company_id_created_at_idx").on(t.companyId, t.createdAt),
  ],
);

/**
 * The email channel: mail to `<inbound_local>@EMAIL_INBOUND_DOMAIN` (the company forwards its own
 * address there) is answered by one AI employee, or a department's first active one; replies come from
 * `from_address` (null: the inbound address itself). The local part is random, so it cannot be guessed.
 */
export const emailChannels = pgTable(
  "email_channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    name: text("name").notNull(),
    inboundLocal: text("inbound_local").notNull(),
    fromAddress: text("from_address"),
    aiEmployeeId: uuid("ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    departmentId: uuid("department_id").references(() => aiDepartments.id, { onDelete: "set null" }),
    enabled: boolean("enabled").notNull().default(true),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("email_channels_inbound_local_key").on(t.inboundLocal),
    index("email_channels_company_id_created_at_idx").on(t.companyId, t.createdAt),
    check("email_channels_inbound_local_check", sql`${t.inboundLocal} ~ '^[a-z0-9][a-z0-9.-]{2,63}$'`),
  ],
);

/**
 * One browser's session with a website chat: the visitor holds the token (kept here as its SHA-256
 * hash), which opens only this visitor's conversation. The customer row carries the name and email
 * the visitor chose to give.
 */
export const websiteChatVisitors = pgTable(
  "website_chat_visitors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    websiteChatId: uuid("website_chat_id")
      .notNull()
      .references(() => websiteChats.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** The website the session was opened from. */
    origin: text("origin").notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("website_chat_visitors_token_hash_key").on(t.tokenHash),
    index("website_chat_visitors_website_chat_id_idx").on(t.websiteChatId),
    check("website_chat_visitors_token_hash_check", sql`length(${t.tokenHash}) = 64`),
  ],
);

export type ApiChannelRow = typeof apiChannels.$inferSelect;
export type Customer = typeof customers.$inferSelect;
export type WebsiteChatRow = typeof websiteChats.$inferSelect;
export type EmailChannelRow = typeof emailChannels.$inferSelect;
export type WebsiteChatVisitorRow = typeof websiteChatVisitors.$inferSelect;
