import { sql } from "drizzle-orm";
import { text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";

// Columns and check helpers every company-scoped table shares.

/** The owning company; every query filters by it, and the company's deletion takes the row with it. */
export const companyId = () =>
  uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/** A constant list for an `in (…)` check, generated from the contract's constants so they cannot drift. */
export const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

export { bytea } from "./bytea.ts";

/** An ISO 4217 code beside an amount in integer cents. */
export const currency = () => text("currency").notNull().default("USD");
