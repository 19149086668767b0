import type { Executor } from "../../db/client.ts";
import {
  conversations,
  customers,
  deliveryAddresses,
  leads,
  lineItems,
  products,
  quotes,
} from "../../db/schema/index.ts";

export type NewCustomer = typeof customers.$inferInsert;
export type NewDeliveryAddress = typeof deliveryAddresses.$inferInsert;
export type NewProduct = typeof products.$inferInsert;
export type NewConversation = typeof conversations.$inferInsert;
export type NewLead = typeof leads.$inferInsert;
export type NewQuote = typeof quotes.$inferInsert;
export type NewLineItem = typeof lineItems.$inferInsert;

// PostgreSQL allows 65,535 bind parameters per statement; 500 rows of ≤ 20 columns stays well under.
const CHUNK_ROWS = 500;

type Table =
  | typeof customers
  | typeof deliveryAddresses
  | typeof products
  | typeof conversations
  | typeof leads
  | typeof quotes
  | typeof lineItems;

async function insertChunked<T extends Table>(db: Executor, table: T, rows: T["$inferInsert"][]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    await db.insert(table).values(rows.slice(start, start + CHUNK_ROWS) as never);
  }
}

export const insertCustomers = (db: Executor, rows: NewCustomer[]) => insertChunked(db, customers, rows);
export const insertDeliveryAddresses = (db: Executor, rows: NewDeliveryAddress[]) =>
  insertChunked(db, deliveryAddresses, rows);
export const insertProducts = (db: Executor, rows: NewProduct[]) => insertChunked(db, products, rows);
export const insertConversations = (db: Executor, rows: NewConversation[]) => insertChunked(db, conversations, rows);
export const insertLeads = (db: Executor, rows: NewLead[]) => insertChunked(db, leads, rows);
export const insertQuotes = (db: Executor, rows: NewQuote[]) => insertChunked(db, quotes, rows);
export const insertLineItems = (db: Executor, rows: NewLineItem[]) => insertChunked(db, lineItems, rows);
