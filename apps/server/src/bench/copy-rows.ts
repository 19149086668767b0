import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type Column, getTableColumns, getTableName } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { ClientBase } from "pg";
import { from as copyFrom } from "pg-copy-streams";

// PostgreSQL's COPY … FROM STDIN in its text format, for the benchmarks' bulk loads (PostgreSQL only:
// PGlite has no COPY from a client stream). Rows are the same `$inferInsert` objects the bulk writers
// take; like them, columns no row sets are left out and take their defaults (generated ones are computed).
// Two ways in, one format: copyBatch serialises a list (in a worker thread if need be) for sendCopy to
// send, and copyRows streams an iterable too long to hold as text at once.

/** One COPY statement and its data (UTF-8, transferable between threads), ready to send. */
export type CopyBatch = { statement: string; data: Uint8Array; rows: number };

/** A column COPY writes: the row's key, and whether it is a PostgreSQL array (a `{…}` literal, not JSON). */
type CopyColumn = { key: string; isArray: boolean };

/** Escapes the characters COPY's text format reserves. */
function escapeCopyText(text: string): string {
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r")
    : text;
}

/** One value in COPY's text format: \N for null; arrays as array literals, other objects (jsonb) as JSON. */
function copyValue(value: unknown, isArray: boolean): string {
  if (value === null || value === undefined) return "\\N";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "string") return escapeCopyText(value);
  if (isArray && Array.isArray(value))
    return escapeCopyText(`{${value.map((item) => `"${String(item).replace(/["\\]/g, "\\$&")}"`).join(",")}}`);
  return escapeCopyText(JSON.stringify(value));
}

/** The row as one line of COPY data (without its newline). */
function copyLine(columns: readonly CopyColumn[], row: object): string {
  const values = row as Record<string, unknown>;
  return columns.map(({ key, isArray }) => copyValue(values[key], isArray)).join("\t");
}

/** The COPY statement for `table`, with the columns whose keys `isSet` accepts, in the table's order. */
function copyStatement(table: PgTable, isSet: (key: string) => boolean, freeze: boolean) {
  const all = getTableColumns(table) as Record<string, Column>;
  const keys = Object.keys(all).filter(isSet);
  const names = keys.map((key) => `"${all[key]!.name}"`).join(", ");
  return {
    columns: keys.map((key) => ({ key, isArray: all[key]!.dataType === "array" })),
    statement: `copy "${getTableName(table)}" (${names}) from stdin${freeze ? " with (freeze)" : ""}`,
  };
}

/**
 * `rows` of `table` as one COPY (the columns some row sets). `freeze` writes them already frozen and
 * all-visible (the table must have been created or truncated in the same transaction): no vacuum pass
 * has to set the visibility map before index-only scans can skip the heap.
 */
export function copyBatch<T extends PgTable>(
  table: T,
  rows: readonly T["$inferInsert"][],
  { freeze = false } = {},
): CopyBatch {
  const { columns, statement } = copyStatement(
    table,
    (key) => rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
    freeze,
  );
  const lines = rows.map((row) => copyLine(columns, row));
  return { statement, data: Buffer.from(lines.length > 0 ? `${lines.join("\n")}\n` : ""), rows: rows.length };
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

/** Rows formatted per chunk while streaming: a few hundred kilobytes of text at a time. */
const ROWS_PER_CHUNK = 2000;

/**
 * Streams `rows` into `table` with one COPY on `client`, formatting them as they are sent (for
 * generated rows too many to hold as text at once); the columns are those the first row sets.
 * Answers the rows written.
 */
export async function copyRows<T extends PgTable>(
  client: ClientBase,
  table: T,
  rows: Iterable<T["$inferInsert"]>,
): Promise<number> {
  const iterator = rows[Symbol.iterator]();
  const first = iterator.next();
  if (first.done) return 0;
  const firstRow = first.value as Record<string, unknown>;
  const { columns, statement } = copyStatement(table, (key) => key in firstRow, false);
  let count = 0;
  function* chunks() {
    let chunk: string[] = [];
    for (let next: IteratorResult<T["$inferInsert"]> = first; !next.done; next = iterator.next()) {
      chunk.push(copyLine(columns, next.value));
      count++;
      if (chunk.length === ROWS_PER_CHUNK) {
        yield `${chunk.join("\n")}\n`;
        chunk = [];
      }
    }
    if (chunk.length > 0) yield `${chunk.join("\n")}\n`;
  }
  await pipeline(Readable.from(chunks()), client.query(copyFrom(statement)));
  return count;
}
