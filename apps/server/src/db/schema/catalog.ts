import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companyId, createdAt, currency } from "./columns.ts";

// The company's catalogue (modules/catalog): what its AI employees find and quote.

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    measureUnit: text("measure_unit").notNull().default("unit"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    currency: currency(),
    // Units in stock; null when the company does not track it.
    stock: integer("stock"),
    // Whether it can be had now (out of stock, seasonal, …); the AI employees still find it and say so.
    available: boolean("available").notNull().default(true),
    // Whether it is sold at all: the AI employees neither find nor quote an inactive product.
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // SKUs are unique per company whatever their case ("pal-01" is "PAL-01"); the agent tools and the
    // import look SKUs up by upper(sku), and every company-scoped read filters by company_id first.
    uniqueIndex("products_company_id_upper_sku_key").on(t.companyId, sql`upper(${t.sku})`),
    check("products_unit_price_cents_check", sql`${t.unitPriceCents} >= 0`),
    check("products_stock_check", sql`${t.stock} >= 0`),
  ],
);

export type Product = typeof products.$inferSelect;
