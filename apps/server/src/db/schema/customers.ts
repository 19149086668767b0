import { CUSTOMER_IDENTITY_KINDS } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { companyId, createdAt, inList } from "./columns.ts";

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

export type Customer = typeof customers.$inferSelect;
