import { sql } from "drizzle-orm";
import { setCompanyCurrency } from "#server/db/bulk/company.ts";
import type { Db } from "#server/db/client.ts";
import { insertCompany, insertMembership } from "#server/modules/companies/companies.repository.ts";
import { ANDES_PROFILE, NORTHWIND_PROFILE } from "#server/seed/sales-profiles.ts";
import { seedSales } from "#server/seed/seed-sales.ts";
import { insertBenchUser } from "./bench-user.ts";

export type BenchWorkspace = { companyIds: string[]; orders: number; seedMs: number };

/**
 * A workspace for the sales benchmark: `companies` companies sharing `orders` orders over twelve months
 * (the demo seed's generator, with random ids), all of them managed by one user who signs in over HTTP.
 * Half the companies sell like Northwind (USD/CAD), half like Andes (CLP/PEN/USD).
 */
export async function seedBenchWorkspace(
  db: Db,
  options: { orders: number; companies: number; onProgress?: (done: number) => void },
): Promise<BenchWorkspace> {
  const started = performance.now();
  const userId = await insertBenchUser(db);
  const companyIds: string[] = [];
  const perCompany = Math.ceil(options.orders / options.companies);
  const now = new Date();
  await withSecondaryIndexesDeferred(db, SALES_TABLES, async () => {
    for (let index = 0; index < options.companies; index++) {
      const profile = index % 2 === 0 ? NORTHWIND_PROFILE : ANDES_PROFILE;
      // One transaction per company: PostgreSQL commits once per company instead of once per statement.
      const companyId = await db.transaction(async (tx) => {
        const { id } = await insertCompany(tx, { name: `Bench company ${index + 1}` });
        await setCompanyCurrency(tx, id, profile.currencies[0]!.code);
        await insertMembership(tx, { userId, companyId: id, role: "member" });
        await seedSales(tx, { companyId: id, profile, orders: perCompany, seed: index + 1, now, randomIds: true });
        return id;
      });
      companyIds.push(companyId);
      options.onProgress?.(index + 1);
    }
  });
  // What autovacuum would have done on a live PostgreSQL: fresh statistics, and a visibility map so
  // index-only scans need not visit the heap. (PGlite runs no autovacuum; see docs/benchmarks.md.)
  await db.execute(sql`vacuum analyze`);
  return { companyIds, orders: perCompany * options.companies, seedMs: performance.now() - started };
}

const SALES_TABLES = ["customers", "delivery_addresses", "products", "conversations", "leads", "quotes", "line_items"];

/**
 * Runs a bulk load with the tables' secondary indexes dropped and builds them again afterwards, from
 * their own definitions, as a restore does: PGlite takes many minutes to grow a million orders'
 * indexes row by row. Indexes behind constraints (primary keys, unique) stay, so the data is checked.
 */
export async function withSecondaryIndexesDeferred(
  db: Db,
  tables: readonly string[],
  load: () => Promise<void>,
): Promise<void> {
  const result = await db.execute(sql`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = 'public' and i.tablename in (${sql.join(
      tables.map((table) => sql`${table}`),
      sql`, `,
    )})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  const indexes = (result as unknown as { rows: { indexname: string; indexdef: string }[] }).rows;
  for (const { indexname } of indexes) await db.execute(sql`drop index ${sql.identifier(indexname)}`);
  await load();
  for (const { indexdef } of indexes) await db.execute(sql.raw(indexdef));
}
