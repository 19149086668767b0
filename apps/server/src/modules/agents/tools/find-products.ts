import { and, asc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { products } from "#server/db/schema/index.ts";
import { type AgentTool, formatPrice, ok } from "./tool.ts";

/** Products one look-up answers. */
const MATCHES = 5;

// Words that never name a product (English and Spanish), so "how much are your wooden pallets" looks
// for "wooden" and "pallets".
const STOP_WORDS = new Set(
  `a an and are can could do does for from have how i is it me much my of on or please price prices the to
  want what which with you your need would like buy order quote cost costs many some any sell stock available
  el la los las de del que por para quiero necesito tienen tiene precio precios cuanto cuesta cuestan un una
  unos unas y o con mi me su sus hay venden vende comprar pedido cotizacion favor`.split(/\s+/),
);

/** The words of a query worth matching: accents off, lower case, stop words and short words dropped. */
export function productTerms(query: string): string[] {
  const words = query
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word) && !/^\d+$/.test(word));
  // "pallets" finds "pallet", "cajas" finds "caja".
  return [...new Set(words.map((word) => (word.length > 4 ? word.replace(/(es|s)$/, "") : word)))];
}

/** Active products ranked by how many of the query's terms their name or SKU contains; the catalog's first ones when none match. */
export const findProducts: AgentTool<"find_products"> = {
  name: "find_products",
  async run({ query }, { db, context }) {
    const terms = productTerms(query);
    const unaccented = (column: SQL) => sql`translate(lower(${column}), 'áéíóúüñ', 'aeiouun')`;
    const hits = terms.map((term) =>
      or(ilike(unaccented(sql`${products.name}`), `%${term}%`), ilike(products.sku, `%${term}%`)),
    );
    const score = hits.length
      ? sql<number>`(${sql.join(
          hits.map((hit) => sql`case when ${hit} then 1 else 0 end`),
          sql` + `,
        )})`
      : sql<number>`0`;
    const rows = await db
      .select({
        sku: products.sku,
        name: products.name,
        measureUnit: products.measureUnit,
        unitPriceCents: products.unitPriceCents,
        currency: products.currency,
        available: products.available,
        // Null when the company does not track stock.
        stock: products.stock,
        score,
      })
      .from(products)
      // Only what is sold: an inactive product is neither found nor suggested.
      .where(and(eq(products.companyId, context.companyId), eq(products.active, true)))
      // Ties go to the shorter name: "pallets" is more likely the "Wooden pallet" than the "Pallet jack 2500 kg".
      .orderBy(sql`${score} desc`, sql`length(${products.name})`, asc(products.name))
      .limit(MATCHES);
    const matched = rows.filter((row) => Number(row.score) > 0);
    const shown = (list: typeof rows) =>
      list.map(({ score: _score, ...row }) => ({ ...row, price: formatPrice(row.unitPriceCents, row.currency) }));
    return ok(matched.length > 0 ? { products: shown(matched) } : { products: [], suggestions: shown(rows) });
  },
};
