import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { companyId, createdAt } from "./columns.ts";
import { aiEmployees } from "./departments.ts";

/**
 * The channel API's registry (modules/channels): how an outside system reaches one AI employee. The
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

export type ApiChannelRow = typeof apiChannels.$inferSelect;
