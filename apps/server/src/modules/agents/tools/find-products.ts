import { and, asc, eq, ilike, type SQL, sql } from "drizzle-orm";
import { products } from "#server/db/schema/index.ts";
import { rankProducts } from "../text/product-match.ts";
import { unitOfWord } from "../text/units.ts";
import { stem, TYPO_MIN_LENGTH, wordsOf } from "../text/words.ts";
import { type AgentTool, formatPrice, ok } from "./tool.ts";

/** Products one look-up answers. */
const MATCHES = 5;
/** Rows the database hands over for ranking: enough for any query's words in a large catalog. */
const CANDIDATES = 200;

// Words that never name a product (English and Spanish), so "how much are your wooden pallets" looks
// for "wooden" and "pallets".
const STOP_WORDS = new Set(
  `a an and are can could do does for from have how i is it me much my of on or please price prices the to
  want what which with you your need would like buy order quote cost costs many some any sell stock available
  el la los las de del que por para quiero necesito tienen tiene precio precios cuanto cuesta cuestan un una
  unos unas y o con mi me su sus hay venden vende comprar pedido cotizacion favor hi hello hola get send`.split(/\s+/),
);

/** The words of a query worth matching: accents off, lower case, stop words, numbers and short words dropped. */
export function productTerms(query: string): string[] {
  const words = wordsOf(query).filter(
    (word) => word.length >= 2 && !STOP_WORDS.has(word) && !/^\d+([.,]\d+)?$/.test(word),
  );
  return [...new Set(words)];
}

/**
 * What the database is asked for each term: the term's stem, and for longer words its two halves, so
 * a word with one typo still shares a half with the catalog's ("strech" → "stre", "rech").
 */
function probes(term: string): string[] {
  const root = stem(term);
  if (root.length < TYPO_MIN_LENGTH) return [root];
  const half = Math.max(3, Math.floor(root.length / 2));
  return [...new Set([root, root.slice(0, half), root.slice(-half)])];
}

const unaccented = (column: SQL) => sql`translate(lower(${column}), 'áéíóúüñ', 'aeiouun')`;

/**
 * Active products for a customer's words, ranked by text/product-match.ts: by name words (plural or
 * singular, one typo forgiven on longer words), the head word first, SKUs outright; "5 rolls" finds the
 * products sold by the roll. With nothing named, the catalog's closest (or first) products as suggestions.
 */
export const findProducts: AgentTool<"find_products"> = {
  name: "find_products",
  async run({ query }, { db, context }) {
    const terms = productTerms(query);
    const hits = terms.flatMap((term) => [
      ...probes(term).map((probe) => ilike(unaccented(sql`${products.name}`), `%${probe}%`)),
      ilike(products.sku, `%${term}%`),
      ...(unitOfWord(term) ? [ilike(unaccented(sql`${products.measureUnit}`), `${term.slice(0, 3)}%`)] : []),
    ]);
    const closeness = hits.length
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
        closeness,
      })
      .from(products)
      // Only what is sold: an inactive product is neither found nor suggested.
      .where(and(eq(products.companyId, context.companyId), eq(products.active, true)))
      .orderBy(sql`${closeness} desc`, sql`length(${products.name})`, asc(products.name))
      .limit(CANDIDATES);
    const shown = (list: typeof rows) =>
      list.map(({ closeness: _closeness, ...row }) => ({
        ...row,
        price: formatPrice(row.unitPriceCents, row.currency),
      }));
    const ranked = rankProducts(query, rows).slice(0, MATCHES);
    if (ranked.length > 0) return ok({ products: shown(ranked.map((hit) => hit.product)) });
    // Nothing named: the closest by shared word parts, or the catalog's first products.
    return ok({ products: [], suggestions: shown(rows.slice(0, MATCHES)) });
  },
};
