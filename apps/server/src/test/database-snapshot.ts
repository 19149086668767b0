import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

// A fingerprint of every table in the public schema: its row count and an md5 of its rows, so an
// insert, a delete and an update all show. Same SQL on PGlite and PostgreSQL.

export type DatabaseSnapshot = Record<string, { rows: number; checksum: string }>;

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

export async function publicTables(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rowsOf(result).map((row) => String(row.table_name));
}

export async function snapshotTables(db: Db, tables: string[]): Promise<DatabaseSnapshot> {
  if (tables.length === 0) return {};
  // Table names come from the catalogue, quoted as identifiers.
  const parts = tables.map(
    (table) =>
      sql`select ${table} as name, count(*)::int as rows,
        coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as checksum
        from ${sql.identifier(table)} t`,
  );
  const result = await db.execute(sql.join(parts, sql` union all `));
  return Object.fromEntries(
    rowsOf(result).map((row) => [String(row.name), { rows: Number(row.rows), checksum: String(row.checksum) }]),
  );
}

/** "messages: 25 → 26 rows" for each table that differs. */
export function snapshotChanges(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changes: string[] = [];
  for (const name of [...names].sort()) {
    const a = before[name];
    const b = after[name];
    if (a?.rows !== b?.rows) changes.push(`${name}: ${a?.rows ?? "none"} → ${b?.rows ?? "none"} rows`);
    else if (a?.checksum !== b?.checksum) changes.push(`${name}: rows changed`);
  }
  return changes;
}
