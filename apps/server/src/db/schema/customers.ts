import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { companyId, createdAt } from "./columns.ts";

// The people a company sells to; conversations, leads and quotes point here.
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

export type Customer = typeof customers.$inferSelect;
