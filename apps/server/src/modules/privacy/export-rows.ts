import { and, asc, eq, gt, inArray, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "#server/db/client.ts";
import { memberships } from "#server/db/schema/index.ts";
import type { ExportTable } from "./export-tables.ts";

// Reads one table's rows of the company for the export, a page at a time along its primary key, with
// the columns named as in the database (the files' column names).

export const EXPORT_PAGE = 1000;

export type ExportRow = Record<string, unknown>;

function scopeWhere(db: Executor, table: ExportTable, companyId: string): SQL {
  const { scope } = table;
  switch (scope.via) {
    case "company_id":
    case "company":
      return eq(scope.column, companyId);
    case "members":
      return inArray(
        scope.column,
        db.select({ id: memberships.userId }).from(memberships).where(eq(memberships.companyId, companyId)),
      );
    case "parent":
      return inArray(
        scope.column,
        db.select({ id: scope.parentKey }).from(scope.parent).where(eq(scope.parentCompanyId, companyId)),
      );
  }
}

/** The company's rows of the table, page by page. */
export async function* readExportRows(
  db: Executor,
  table: ExportTable,
  companyId: string,
): AsyncGenerator<ExportRow[]> {
  const fields: Record<string, PgColumn> = Object.fromEntries(table.columns.map((c) => [c.name, c.column]));
  const where = scopeWhere(db, table, companyId);
  const { key } = table;
  if (!key) {
    yield await db.select(fields).from(table.table).where(where);
    return;
  }
  let after: unknown;
  for (;;) {
    const rows: ExportRow[] = await db
      .select(fields)
      .from(table.table)
      .where(after === undefined ? where : and(where, gt(key, after)))
      .orderBy(asc(key))
      .limit(EXPORT_PAGE);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_PAGE) return;
    after = rows.at(-1)![key.name];
  }
}
