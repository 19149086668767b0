import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

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

export type User = typeof users.$inferSelect;
export type OauthApplication = typeof oauthApplications.$inferSelect;
export type OauthAccessToken = typeof oauthAccessTokens.$inferSelect;
export type SignInThrottle = typeof signInThrottles.$inferSelect;
