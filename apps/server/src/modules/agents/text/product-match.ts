import { isFiller } from "./filler-words.ts";
import { readNumbers, type Token } from "./numbers.ts";
import { unitFit, unitOfWord } from "./units.ts";
import { plain, stem, wordMatch, wordsOf } from "./words.ts";

// How a product of the catalog is named by a customer's words: its name's words (stemmed, a typo
// forgiven on longer ones), its last word weighing most (the thing itself: "Wooden pallet" is a pallet,
// "Pallet jack" a jack), its sizes ("18in", "2500 kg") a little, its SKU outright. Shared by the
// find_products tool (ranking) and the built-in engine (which product each part of a message names).

export type CatalogProduct = { sku: string; name: string; measureUnit: string };

type Keyword = { stem: string; spec: boolean; head: boolean };

/** Words that never name a product on their own, in names or in messages. */
const NAME_STOP = new Set("a an the of de del la el los las y and con with for para por x en in to".split(" "));

/** A size rather than a name word: "18in", "2500", the "kg" of "25 kg", the "L" of "Nitrile gloves L". */
const isSpec = (word: string, previous: string | undefined) =>
  /\d/.test(word) ||
  /^(.|xs|xl|xxl)$/.test(word) ||
  /^(mm|cm|in|inch|ml|oz|lb|lbs|gr)$/.test(word) ||
  (unitOfWord(word) !== null && previous !== undefined && /\d/.test(previous));

const keywordCache = new Map<string, Keyword[]>();

/** A product name's keywords: its words (stemmed) and sizes, the last word marked as the head. */
export function keywordsOf(name: string): Keyword[] {
  const cached = keywordCache.get(name);
  if (cached) return cached;
  const words = wordsOf(name).filter((word) => !NAME_STOP.has(word));
  const keywords = words.map((word, i) => {
    const spec = isSpec(word, words[i - 1]);
    return { stem: spec ? word : stem(word), spec, head: false };
  });
  const head = keywords.findLast((keyword) => !keyword.spec);
  if (head) head.head = true;
  if (keywordCache.size > 5000) keywordCache.clear();
  keywordCache.set(name, keywords);
  return keywords;
}

/** A SKU as a customer may type it: "nw-wrap-18", "nwwrap18". */
const skuForms = (sku: string) => {
  const lower = plain(sku);
  return [lower, lower.replace(/[^a-z0-9]/g, "")];
};

const CONTEXT_BEFORE = new Set([
  "de",
  "del",
  "of",
  "un",
  "una",
  "a",
  "el",
  "la",
  "some",
  "algo",
  "y",
  "and",
  "con",
  "sin",
]);

/**
 * Whether a two-letter word may name a product ("Té"): after "de", a count or a unit ("1 caja de té"),
 * or opening the message ("té verde"); never mid-sentence as a pronoun ("y si te pido un 8%").
 */
export function shortWordMayName(tokens: Token[], i: number): boolean {
  const before = tokens[i - 1];
  if (!before) return true;
  return before.value !== null || CONTEXT_BEFORE.has(before.word) || unitOfWord(before.word) !== null;
}

/** How one product is named by some of a message's words: its score and which words did it. */
export type ProductHit = { score: number; words: number; sku: boolean; tokens: number[] };

/**
 * The score of a product for the given words (plain tokens; null entries are skipped): 1 per name word
 * said (0.8 with a typo), +0.5 when its head word is one of them, 0.25 per size, 10 for its SKU.
 * A product with no name word and no SKU said scores 0 whatever its sizes.
 */
export function scoreProduct(product: CatalogProduct, words: (string | null)[]): ProductHit {
  const skus = skuForms(product.sku);
  const tokens: number[] = [];
  let sku = false;
  words.forEach((word, i) => {
    if (word !== null && skus.includes(word)) {
      sku = true;
      tokens.push(i);
    }
  });
  let score = sku ? 10 : 0;
  let named = 0;
  for (const keyword of keywordsOf(product.name)) {
    let best = 0;
    let at = -1;
    words.forEach((word, i) => {
      if (word === null || tokens.includes(i)) return;
      const fit = keyword.spec
        ? word === keyword.stem
          ? 1
          : 0
        : NAME_STOP.has(word)
          ? 0
          : wordMatch(stem(word), keyword.stem);
      if (fit > best) {
        best = fit;
        at = i;
      }
    });
    if (best === 0) continue;
    // Sizes add to the score but claim no word: "10 sacos de azúcar 10 kg" keeps its first 10 a count.
    if (keyword.spec) score += 0.25;
    else {
      tokens.push(at);
      named++;
      score += best + (keyword.head ? 0.5 : 0);
    }
  }
  if (named === 0 && !sku) return { score: 0, words: 0, sku: false, tokens: [] };
  return { score, words: named, sku, tokens };
}

/** Products ranked for a query: named ones first by score (ties to the shorter name); unit-only fits when none is named. */
export function rankProducts<P extends CatalogProduct>(query: string, products: P[]): { product: P; score: number }[] {
  const tokens = readNumbers(wordsOf(query));
  const words = tokenWords(tokens).map((word) => (isFiller(word) ? null : word));
  const byScore = (list: (string | null)[]) =>
    products
      .map((product) => ({ product, score: scoreProduct(product, list).score }))
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score || a.product.name.length - b.product.name.length);
  // "10 boxes of gloves": the box is how many, the gloves what; "I need boxes": the box is what.
  const named = byScore(withoutCountedUnits(tokens));
  if (named.length > 0) return named;
  const unitsAsNames = byScore(words);
  if (unitsAsNames.length > 0) return unitsAsNames;
  // "5 rolls": the products sold by the roll.
  const units = words
    .map((word) => (word === null ? null : unitOfWord(word)))
    .filter((unit): unit is string => unit !== null);
  if (units.length === 0) return [];
  return products
    .map((product) => ({ product, score: Math.max(...units.map((unit) => unitFit(unit, product.measureUnit))) * 0.3 }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score || a.product.name.length - b.product.name.length);
}

/** The words that may name a product: a unit word right after a number ("10 boxes") counts, it does not name. */
export function withoutCountedUnits(tokens: Token[]): (string | null)[] {
  return tokens.map((token, i) => {
    if (token.value === null && isFiller(token.word)) return null;
    if (token.value === null && token.word.length <= 2 && !shortWordMayName(tokens, i)) return null;
    const previous = tokens[i - 1];
    if (previous?.value != null && token.value === null && unitOfWord(token.word) !== null) return null;
    if (previous?.value != null && (token.word === "of" || token.word === "de")) return null;
    return token.value !== null ? String(token.value) : token.word;
  });
}

/** Plain words of tokens, with numbers as their digits (so "2500" meets the size "2500"). */
export const tokenWords = (tokens: Token[]) =>
  tokens.map((token) => (token.value !== null ? String(token.value) : token.word));
