import { type Column, getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../client.ts";

// Rows go to the database as one JSON document per chunk, expanded by json_populate_recordset: one
// bind parameter however many rows, and far faster than multi-row VALUES on PGlite (the seed and the
// million-order benchmark insert millions of rows this way). Columns left out get their defaults.
const CHUNK_ROWS = 5000;
// Chunks of binary rows stay small: their hex text is twice their size.
const CHUNK_BYTES = 8 * 1024 * 1024;

// JSON has no bytes: bytea columns travel as PostgreSQL's hex input format ("\x0a1b…"), which the
// bytea type reads back from the JSON text. Dates become ISO text (JSON.stringify) and arrays JSON
// arrays, which json_populate_recordset turns into timestamptz and text[].
function jsonValue(value: unknown): unknown {
  if (value instanceof Uint8Array)
    return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
  return value ?? null;
}

function byteLength(value: unknown): number {
  return value instanceof Uint8Array ? value.byteLength : 0;
}

/**
 * Inserts many rows of one table in as few statements as possible, inside the caller's transaction if
 * it is one. Only the columns some row sets are sent; the others take their defaults (and a column a
 * row leaves out while another sets it is null for that row).
 */
export async function bulkInsert<T extends PgTable>(db: Executor, table: T, rows: T["$inferInsert"][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(columns).filter((key) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
  let chunk: Record<string, unknown>[] = [];
  let chunkBytes = 0;
  const flush = async () => {
    if (chunk.length === 0) return;
    const document = JSON.stringify(chunk);
    chunk = [];
    chunkBytes = 0;
    await db.execute(
      sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${document}::json)`,
    );
  };
  for (const row of rows as Record<string, unknown>[]) {
    const record: Record<string, unknown> = {};
    let bytes = 0;
    for (const key of keys) {
      record[columns[key]!.name] = jsonValue(row[key]);
      bytes += byteLength(row[key]);
    }
    if (chunk.length > 0 && (chunk.length >= CHUNK_ROWS || chunkBytes + bytes > CHUNK_BYTES)) await flush();
    chunk.push(record);
    chunkBytes += bytes;
  }
  await flush();
}
