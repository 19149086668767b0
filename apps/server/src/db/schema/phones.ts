import { PHONE_NUMBER_STATUSES, TELEPHONY_PROVIDERS } from "@foreman/contract";
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
import { aiEmployees } from "./ai-employees.ts";
import { users } from "./auth.ts";
import { companyId, createdAt, currency, inList } from "./columns.ts";
import { companies } from "./companies.ts";

// modules/phones: the numbers a company bought from the telephony provider, and its call settings.

export type PhoneCapabilitiesColumn = { voice: boolean; sms: boolean; mms: boolean };

/**
 * A number bought from the provider (Twilio's IncomingPhoneNumber `PN…`, or the simulated provider's).
 * A released number keeps its row: billing charges it from `purchased_at` to `released_at`.
 */
export const phoneNumbers = pgTable(
  "phone_numbers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    provider: text("provider", { enum: TELEPHONY_PROVIDERS }).notNull(),
    providerSid: text("provider_sid").notNull(),
    // E.164: "+15550100123".
    e164: text("e164").notNull(),
    countryCode: text("country_code").notNull(),
    name: text("name").notNull(),
    locality: text("locality"),
    capabilities: jsonb("capabilities").$type<PhoneCapabilitiesColumn>().notNull(),
    // Who answers it; the employee's removal leaves the number unassigned.
    aiEmployeeId: uuid("ai_employee_id").references(() => aiEmployees.id, { onDelete: "set null" }),
    status: text("status", { enum: PHONE_NUMBER_STATUSES }).notNull().default("active"),
    monthlyCostCents: integer("monthly_cost_cents").notNull(),
    currency: currency(),
    purchasedBy: uuid("purchased_by").references(() => users.id, { onDelete: "set null" }),
    purchasedAt: timestamp("purchased_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("phone_numbers_company_id_purchased_at_idx").on(t.companyId, t.purchasedAt.desc()),
    // An inbound call finds its number (and company) by the number called; one active owner each.
    uniqueIndex("phone_numbers_e164_active_key").on(t.e164).where(sql`${t.status} = 'active'`),
    uniqueIndex("phone_numbers_provider_sid_key").on(t.provider, t.providerSid),
    check("phone_numbers_status_check", sql`${t.status} in (${inList(PHONE_NUMBER_STATUSES)})`),
    check("phone_numbers_provider_check", sql`${t.provider} in (${inList(TELEPHONY_PROVIDERS)})`),
    check("phone_numbers_monthly_cost_cents_check", sql`${t.monthlyCostCents} >= 0`),
  ],
);

/** A company's call settings; a company without a row has recording off and no fallback number. */
export const callSettings = pgTable("call_settings", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  recordingEnabled: boolean("recording_enabled").notNull().default(false),
  // E.164: where a hand-off to a person is dialled.
  fallbackNumber: text("fallback_number"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
