import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Stored lower-cased so the unique index is case-insensitive; the check keeps writers honest.
    email: text("email").notNull().unique("users_email_unique"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    passwordDigest: text("password_digest").notNull(),
    // The user's id in Chatwoot (when CHATWOOT_URL is configured), made on their first SSO link.
    chatwootUserId: integer("chatwoot_user_id"),
    // Two-factor sign-in (modules/auth/two-factor): the TOTP secret sealed with the server's key
    // (lib/secret-box.ts), set once an enrolment is confirmed with a code; the secret of an enrolment
    // in progress; and the last 30-second step a code was accepted for (a code works once, ASVS 6.5.1).
    totpSecret: text("totp_secret"),
    totpPendingSecret: text("totp_pending_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    totpLastStep: integer("totp_last_step"),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [check("users_email_lower_case", sql`${t.email} = lower(${t.email})`)],
);

export const oauthApplications = pgTable("oauth_applications", {
  id: uuid("id").primaryKey().defaultRandom(),
  uid: text("uid").notNull().unique("oauth_applications_uid_unique"),
  name: text("name").notNull(),
  confidential: boolean("confidential").notNull().default(false),
  scopes: text("scopes").notNull().default(""),
  ...timestamps,
});

export const oauthAccessTokens = pgTable(
  "oauth_access_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => oauthApplications.id, { onDelete: "cascade" }),
    // Only SHA-256 hashes of the tokens are stored, never the tokens themselves.
    tokenHash: text("token_hash").notNull().unique("oauth_access_tokens_token_hash_unique"),
    refreshTokenHash: text("refresh_token_hash").unique("oauth_access_tokens_refresh_token_hash_unique"),
    previousRefreshTokenHash: text("previous_refresh_token_hash"),
    // Every token rotated from one sign-in shares the chain id, so a reused refresh token revokes them all.
    chainId: uuid("chain_id").notNull(),
    expiresIn: integer("expires_in").notNull(),
    scopes: text("scopes").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    // Absolute end of the chain: 30 days after the original sign-in, not sliding.
    refreshExpiresAt: timestamp("refresh_expires_at", { withTimezone: true }).notNull(),
    // The session a chain is (the profile's list of sessions): when and from where it signed in,
    // copied onto every rotated row, and when this row's token was last seen (at most every few minutes).
    signedInAt: timestamp("signed_in_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    index("oauth_access_tokens_chain_id_idx").on(t.chainId),
    index("oauth_access_tokens_user_id_idx").on(t.userId),
    // Finds the pair a refresh token was rotated into, when the same refresh token comes back.
    index("oauth_access_tokens_previous_refresh_token_hash_idx").on(t.previousRefreshTokenHash),
  ],
);

// Failed sign-in counters, keyed `account:<email>` or `ip:<address>`; kept in the database so
// every API instance sees the same state.
export const signInThrottles = pgTable("sign_in_throttles", {
  key: text("key").primaryKey(),
  failureCount: integer("failure_count").notNull().default(0),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// Where each account last signed in successfully (`address` as sign-in-throttle.ts keys it: an IPv4
// address or an IPv6 /64): such an address is not held back by the account's lock, so an attacker
// failing from elsewhere cannot keep the real user out (throttle-policy.ts). Keyed by the normalised
// email like the account's counter, so unknown accounts behave the same.
export const signInTrustedAddresses = pgTable(
  "sign_in_trusted_addresses",
  {
    account: text("account").notNull(),
    address: text("address").notNull(),
    lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.address] })],
);

/** Single-use recovery codes for two-factor sign-in: only SHA-256 hashes are kept (≥ 112 bits each). */
export const userRecoveryCodes = pgTable(
  "user_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_recovery_codes_user_id_code_hash_key").on(t.userId, t.codeHash)],
);

/** A forgot-password link: single use, 30 minutes, stored only as a hash of its token. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique("password_reset_tokens_token_hash_key"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    requestedFrom: text("requested_from"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_reset_tokens_user_id_idx").on(t.userId)],
);

/** A change of sign-in email waiting for the link sent to the new address (24 hours, hashed). */
export const emailChangeRequests = pgTable(
  "email_change_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    tokenHash: text("token_hash").notNull().unique("email_change_requests_token_hash_key"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_change_requests_user_id_idx").on(t.userId)],
);

/**
 * The second step of a two-factor user's sign-in: the password grant answers `mfa_required` with this
 * token (hashed here), which with a code completes it. Bound to the user and the client, single use,
 * five minutes, five tries.
 */
export const mfaChallenges = pgTable(
  "mfa_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => oauthApplications.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique("mfa_challenges_token_hash_key"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mfa_challenges_user_id_idx").on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type OauthApplication = typeof oauthApplications.$inferSelect;
export type OauthAccessToken = typeof oauthAccessTokens.$inferSelect;
export type SignInThrottle = typeof signInThrottles.$inferSelect;
