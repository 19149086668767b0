import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type Column, getTableColumns, getTableName } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { ClientBase } from "pg";
import { from as copyFrom } from "pg-copy-streams";

// PostgreSQL's COPY … FROM STDIN in its text format, for the benchmarks' bulk loads (PostgreSQL only:
// PGlite has no COPY from a client stream). Rows are the same `$inferInsert` objects the bulk writers
// take; like them, only the columns some row sets are sent and the others take their defaults.
// Serialising (copyBatch) and sending (sendCopy) are apart, so a worker thread can do the first.

/** One COPY statement and its data (UTF-8, transferable between threads), ready to send. */
export type CopyBatch = { statement: string; data: Uint8Array; rows: number };

/** One value in COPY's text format: \N for null, backslash escapes for the characters COPY reserves. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r")
    : text;
}

/**
 * `rows` of `table` as one COPY. `freeze` writes them already frozen and all-visible (the table must
 * have been created or truncated in the same transaction): no vacuum pass has to set the visibility
 * map before index-only scans can skip the heap.
 */
export function copyBatch<T extends PgTable>(
  table: T,
  rows: readonly T["$inferInsert"][],
  { freeze = false } = {},
): CopyBatch {
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(columns).filter((key) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const names = keys.map((key) => `"${columns[key]!.name}"`).join(", ");
  const lines: string[] = [];
  for (const row of rows as Record<string, unknown>[]) lines.push(keys.map((key) => copyValue(row[key])).join("\t"));
  return {
    statement: `copy "${getTableName(table)}" (${names}) from stdin${freeze ? " with (freeze)" : ""}`,
    data: Buffer.from(lines.length > 0 ? `${lines.join("\n")}\n` : ""),
    rows: rows.length,
  };
}

/** Slices handed to the socket: large enough to keep it busy, small enough not to hold it long. */
const SLICE_BYTES = 1 << 20;

/** Sends one batch on `client` (inside its transaction, if it is in one); answers the rows written. */
export async function sendCopy(client: ClientBase, batch: CopyBatch): Promise<number> {
  if (batch.rows === 0) return 0;
  const data = Buffer.from(batch.data.buffer, batch.data.byteOffset, batch.data.byteLength);
  function* slices() {
    for (let start = 0; start < data.length; start += SLICE_BYTES) yield data.subarray(start, start + SLICE_BYTES);
  }
  await pipeline(Readable.from(slices()), client.query(copyFrom(batch.statement)));
  return batch.rows;
}
