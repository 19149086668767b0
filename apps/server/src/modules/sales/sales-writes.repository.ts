import { type Column, getTableColumns, sql } from "drizzle-orm";
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

// Rows go to the database as one JSON document per chunk, expanded by json_populate_recordset: one
// bind parameter however many rows, and far faster than multi-row VALUES on PGlite (the seed and the
// million-order benchmark insert millions of rows this way). Columns left out get their defaults.
const CHUNK_ROWS = 5000;

type Table =
  | typeof customers
  | typeof deliveryAddresses
  | typeof products
  | typeof conversations
  | typeof leads
  | typeof quotes
  | typeof lineItems;

async function insertChunked<T extends Table>(db: Executor, table: T, rows: T["$inferInsert"][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(columns).filter((key) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const records = rows.slice(start, start + CHUNK_ROWS).map((row) => {
      const record: Record<string, unknown> = {};
      for (const key of keys) record[columns[key]!.name] = (row as Record<string, unknown>)[key] ?? null;
      return record;
    });
    await db.execute(
      sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json)`,
    );
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
