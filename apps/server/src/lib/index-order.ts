import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * `column DESC NULLS LAST`: the order of drizzle's `.desc()` index columns. PostgreSQL reads an index
 * in order only when the ORDER BY's nulls order matches it, even for NOT NULL columns, and drizzle's
 * `desc()` says plain DESC (nulls first): a newest-first page would sort every row instead of stopping
 * after the page.
 */
export function descIndexed(column: AnyColumn | SQL.Aliased): SQL {
  return sql`${column} desc nulls last`;
}
