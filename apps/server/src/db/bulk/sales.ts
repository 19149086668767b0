import type { Executor } from "#server/db/client.ts";
import { customers, deliveryAddresses, leads, lineItems, products, quotes } from "#server/db/schema/index.ts";
import { bulkInsert } from "./bulk-insert.ts";

// Bulk inserts of sales rows, for the demo seed and the benchmarks (see bulkInsert).

export type NewCustomer = typeof customers.$inferInsert;
export type NewDeliveryAddress = typeof deliveryAddresses.$inferInsert;
export type NewProduct = typeof products.$inferInsert;
export type NewLead = typeof leads.$inferInsert;
export type NewQuote = typeof quotes.$inferInsert;
export type NewLineItem = typeof lineItems.$inferInsert;

export const insertCustomers = (db: Executor, rows: NewCustomer[]) => bulkInsert(db, customers, rows);
export const insertDeliveryAddresses = (db: Executor, rows: NewDeliveryAddress[]) =>
  bulkInsert(db, deliveryAddresses, rows);
export const insertProducts = (db: Executor, rows: NewProduct[]) => bulkInsert(db, products, rows);
export const insertLeads = (db: Executor, rows: NewLead[]) => bulkInsert(db, leads, rows);
export const insertQuotes = (db: Executor, rows: NewQuote[]) => bulkInsert(db, quotes, rows);
export const insertLineItems = (db: Executor, rows: NewLineItem[]) => bulkInsert(db, lineItems, rows);
