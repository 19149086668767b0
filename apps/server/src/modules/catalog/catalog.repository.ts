import type { ProductSort } from "@foreman/contract";
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { products } from "#server/db/schema/index.ts";

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
/** The columns an edit or an import may change. */
export type ProductChanges = Partial<
  Pick<
    ProductRow,
    "sku" | "name" | "description" | "measureUnit" | "unitPriceCents" | "currency" | "stock" | "available" | "active"
  >
>;

export type ProductsFilter = { companyId: string; q?: string | undefined; active?: boolean | undefined };

// `%`, `_` and `\` typed by a person are searched for as themselves.
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** SKUs compare without case; the unique index is on (company_id, upper(sku)). */
const upperSku = sql`upper(${products.sku})`;

function where(filter: ProductsFilter): SQL | undefined {
  const q = filter.q?.trim();
  return and(
    eq(products.companyId, filter.companyId),
    filter.active === undefined ? undefined : eq(products.active, filter.active),
    q ? or(ilike(products.sku, likePattern(q)), ilike(products.name, likePattern(q))) : undefined,
  );
}

// Text compares case-folded byte by byte ("C"), so PGlite and PostgreSQL (whose collations differ) agree.
const folded = (column: SQL) => sql`${column} collate "C"`;

function orderBy(sort: ProductSort, direction: "asc" | "desc"): SQL[] {
  const dir = direction === "asc" ? asc : desc;
  const name = folded(sql`lower(${products.name})`);
  const keys: Record<ProductSort, SQL[]> = {
    name: [dir(name)],
    sku: [dir(folded(upperSku))],
    unit_price: [dir(products.unitPriceCents), asc(name)],
    created_at: [dir(products.createdAt)],
    updated_at: [dir(products.updatedAt)],
  };
  // The id last: pages never repeat or skip a row among equals.
  return [...keys[sort], dir(products.id)];
}

export function listProducts(
  db: Executor,
  filter: ProductsFilter,
  sort: ProductSort,
  direction: "asc" | "desc",
  limit: number,
  offset: number,
): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(where(filter))
    .orderBy(...orderBy(sort, direction))
    .limit(limit)
    .offset(offset);
}

export async function countProducts(db: Executor, filter: ProductsFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(where(filter));
  return row!.n;
}

/** Every product of the company, by SKU (the export). */
export function listAllProducts(db: Executor, companyId: string): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(eq(products.companyId, companyId))
    .orderBy(asc(folded(upperSku)), asc(products.id));
}

export async function findProduct(db: Executor, companyId: string, id: string): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(products.id, id)));
  return row ?? null;
}

/** The company's product with this SKU whatever its case (another than `exceptId`), or null. */
export async function findProductBySku(db: Executor, companyId: string, sku: string, exceptId?: string) {
  const [row] = await db
    .select({ id: products.id, sku: products.sku, name: products.name })
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        eq(upperSku, sku.toUpperCase()),
        exceptId ? ne(products.id, exceptId) : undefined,
      ),
    );
  return row ?? null;
}

/** The company's products with these SKUs (compared upper-cased); locked until the transaction ends. */
export function lockProductsBySkus(db: Executor, companyId: string, skus: string[]): Promise<ProductRow[]> {
  if (skus.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(products)
    .where(
      and(
        eq(products.companyId, companyId),
        inArray(
          upperSku,
          skus.map((sku) => sku.toUpperCase()),
        ),
      ),
    )
    .for("update");
}

export function insertProducts(db: Executor, rows: NewProductRow[]): Promise<ProductRow[]> {
  if (rows.length === 0) return Promise.resolve([]);
  return db.insert(products).values(rows).returning();
}

export async function updateProduct(
  db: Executor,
  companyId: string,
  id: string,
  changes: ProductChanges,
): Promise<void> {
  await db
    .update(products)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(products.companyId, companyId), eq(products.id, id)));
}

/** Many products at once, each with all of its editable values (one statement per call). */
export async function updateProducts(
  db: Executor,
  companyId: string,
  rows: (Required<Omit<ProductChanges, "sku">> & { id: string })[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.id}::uuid, ${row.name}::text, ${row.description}::text, ${row.measureUnit}::text, ${row.unitPriceCents}::integer, ${row.currency}::text, ${row.stock}::integer, ${row.available}::boolean, ${row.active}::boolean)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${products} set
      name = v.name, description = v.description, measure_unit = v.measure_unit,
      unit_price_cents = v.unit_price_cents, currency = v.currency, stock = v.stock,
      available = v.available, active = v.active, updated_at = now()
    from (values ${values}) as v(id, name, description, measure_unit, unit_price_cents, currency, stock, available, active)
    where ${products.companyId} = ${companyId} and ${products.id} = v.id`);
}
