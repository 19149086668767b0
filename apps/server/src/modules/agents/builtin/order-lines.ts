import { isFiller } from "../text/filler-words.ts";
import { readNumbers, type Token } from "../text/numbers.ts";
import {
  type CatalogProduct,
  keywordsOf,
  scoreProduct,
  shortWordMayName,
  withoutCountedUnits,
} from "../text/product-match.ts";
import { unitFit, unitOfWord } from "../text/units.ts";
import { stem, wordMatch, wordsOf } from "../text/words.ts";
import { CUE_WORDS } from "./sales-cues.ts";

// Which products a message names and how many of each: "10 rolls of stretch wrap and 5 cases of tape",
// "2 sacos de harina y una docena de cajas de palta", "stretch wrap x10", "remove the tape". Read
// against the products a catalog look-up answered, so only real products are ever named.

/** One product the customer named (or two that fit equally: the engine asks which). */
export type Mention<P extends CatalogProduct> = {
  /** The product, or the products that fit equally well (more than one: ambiguous). */
  candidates: P[];
  /** How many, if said ("10", "a dozen", "una caja"). */
  quantity: number | null;
  /** "5 more", "otros 5": added to what the quote has rather than replacing it. */
  more: boolean;
  /** The count is only an article ("a pallet jack"): one when buying, nothing when asking a price. */
  implied?: boolean;
  /** "remove the tape", "sin azúcar", or the "tape" of "gloves instead of tape". */
  removed: boolean;
  /**
   * The customer's words for another thing of the same kind: "bubble wrap" for "Stretch wrap", "vino
   * tinto" for "Vino Cabernet Sauvignon". Not ours: offered as the closest, not quoted.
   */
  otherThing?: string;
  /** Named only by a unit word ("3 boxes" for the Corrugated box): a product under discussion sold in that unit comes first. */
  unitAsName?: string;
};

/** A count with no product named ("10", "make it 15", "I'll take 5 cases"). */
export type LooseQuantity = { quantity: number; unit: string | null; more: boolean };

export type ReadLines<P extends CatalogProduct> = {
  mentions: Mention<P>[];
  loose: LooseQuantity[];
  /** Things asked for that no product is named by ("5 ladders", "¿venden cerveza?"). */
  unknown: string[];
};

/** Words between two products of one request: "and", "y", "plus", "also"… (commas split before). */
const JOINS = new Set(["and", "y", "e", "plus", "also", "tambien", "as", "well", "then", "luego", "ademas"]);
const REMOVE = new Set([
  "remove",
  "delete",
  "drop",
  "without",
  "cancel",
  "quita",
  "quitar",
  "quitame",
  "quitale",
  "saca",
  "sacar",
  "sacame",
  "elimina",
  "eliminar",
  "borra",
  "borrar",
  "sin",
]);
const REMOVE_PHRASES = [
  ["take", "off"],
  ["no", "more"],
  ["don", "t", "want"],
  ["dont", "want"],
  ["no", "quiero"],
  ["no", "longer"],
  ["forget", "the"],
  ["olvida"],
];
const INSTEAD = [
  ["instead", "of"],
  ["en", "vez", "de"],
  ["en", "lugar", "de"],
  ["rather", "than"],
];
/** Words that say what goods are for: "for the packing line", "para el local". */
const PURPOSE = new Set(["for", "para", "in", "en", "at"]);
/** What otherThing answers for a purpose ("for the packing line"): not a product asked for at all. */
const PURPOSE_PHRASE = "";

/** Only words that are not the name's head were said ("packing" of "Packing tape"). */
function hitsOnlyModifiers(tokens: Token[], claimed: number[], product: CatalogProduct): boolean {
  const heads = keywordsOf(product.name).filter((keyword) => keyword.head);
  return !claimed.some((i) => heads.some((head) => wordMatch(stem(tokens[i]!.word), head.stem) > 0));
}

/** Words that take back the count just said: "no wait, 12", "perdón, 12", "I mean 12". */
const CORRECTIONS = [
  ["no", "wait"],
  ["wait"],
  ["sorry"],
  ["i", "mean"],
  ["make", "that"],
  ["actually"],
  ["perdon"],
  ["digo"],
  ["mejor", "dicho"],
  ["no", "mejor"],
  ["corrijo"],
  ["no"],
  ["mejor"],
  ["better"],
];
const MORE = new Set(["more", "mas", "extra", "additional", "adicionales"]);
const EACH = [
  ["each"],
  ["of", "each"],
  ["cada", "uno"],
  ["cada", "una"],
  ["de", "cada", "uno"],
  ["de", "cada"],
  ["c", "u"],
];
/** Numbers that are not counts: an order number after these words, a percentage. */
const NOT_A_COUNT_AFTER = new Set([
  "order",
  "pedido",
  "orden",
  "quote",
  "cotizacion",
  "ticket",
  "q",
  "t",
  "no",
  "number",
  "numero",
  "n",
]);
const ARTICLES = new Set(["a", "an", "un", "una", "one"]);

const startsWith = (tokens: Token[], at: number, phrase: string[]) =>
  phrase.every((word, k) => tokens[at + k]?.word === word);

/** The message in parts that each hold one request: split at punctuation, "and"/"y", and where a new count follows a named product. */
function segments(text: string): Token[][] {
  // Money is never a count: "$1 each", "a 27 dólares".
  const withoutMoney = text.replace(
    /[$€£]\s?\d[\d.,]*|\b\d[\d.,]*\s?(?:dollars?|usd|pesos|clp|d[oó]lares|soles)\b/giu,
    " ",
  );
  const parts = withoutMoney.split(/[,;\n+&/]|\.(?:\s|$)|!|\?/);
  const result: Token[][] = [];
  for (const part of parts) {
    let current: Token[] = [];
    for (const token of readNumbers(wordsOf(part))) {
      if (JOINS.has(token.word)) {
        if (current.length) result.push(current);
        current = [];
        continue;
      }
      current.push(token);
    }
    if (current.length) result.push(current);
  }
  return result;
}

/** Whether the number at `i` is a size of a product it sits in ("azúcar 10 kg"), not a count. */
function isSize(tokens: Token[], i: number, products: CatalogProduct[]): boolean {
  const token = tokens[i]!;
  const next = tokens[i + 1]?.word;
  const previous = tokens[i - 1]?.word ?? "";
  if (next === "%" || token.word.endsWith("%") || next === "percent" || next === "por") return true;
  // "order 1042", "#1042": an order's number (the app numbers from 1001), not a count.
  if ((NOT_A_COUNT_AFTER.has(previous) && (token.value ?? 0) >= 1000) || token.word.startsWith("#")) return true;
  return products.some((product) => {
    const keywords = keywordsOf(product.name);
    return keywords.some(
      (keyword, k) =>
        keyword.spec &&
        keyword.stem === String(token.value) &&
        // "10 kg" as the name has it, or a number only the name has ("pallet jack 2500").
        (keywords[k + 1]?.stem === next || (token.value ?? 0) >= 100 || previous === keywords[k - 1]?.stem),
    );
  });
}

/** Words that ask whether something is sold: the next word is the thing. */
const SOLD_CUES = new Set([
  "sell",
  "carry",
  "have",
  "stock",
  "venden",
  "vendes",
  "tienen",
  "tienes",
  "manejan",
  "hay",
  "trabajan",
]);

/** A word that names nothing the engine knows: not a filler, a cue, a unit, a count, nor any product's word. */
function isUnknownWord<P extends CatalogProduct>(token: Token | undefined, products: P[]): boolean {
  if (!token || token.value !== null || token.word.length < 3 || /\d/.test(token.word)) return false;
  if (isFiller(token.word) || CUE_WORDS.has(token.word) || unitOfWord(token.word) || REMOVE.has(token.word))
    return false;
  return products.every((product) => scoreProduct(product, [token.word]).score === 0);
}

/** The thing a part of a message asks for when it names no product: after a count ("5 ladders") or "do you sell". */
function unknownThing<P extends CatalogProduct>(tokens: Token[], products: P[]): string | null {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.value === null && !SOLD_CUES.has(token.word)) continue;
    let j = i + 1;
    if (token.value !== null && unitOfWord(tokens[j]?.word ?? "")) j++;
    while (
      ["of", "de", "del", "some", "any", "algo", "the", "el", "la", "los", "las", "you"].includes(tokens[j]?.word ?? "")
    )
      j++;
    // "safety vests", "cerveza artesanal": the unknown words in a row.
    const words: string[] = [];
    while (words.length < 3 && isUnknownWord(tokens[j], products)) words.push(tokens[j++]!.word);
    if (words.length > 0) return words.join(" ");
  }
  return null;
}

/** The best products for the words still unclaimed, with the words they claim. */
function bestNamed<P extends CatalogProduct>(words: (string | null)[], products: P[]) {
  let best = 0;
  let found: { product: P; tokens: number[] }[] = [];
  for (const product of products) {
    const hit = scoreProduct(product, words);
    if (hit.score === 0) continue;
    if (hit.score > best + 1e-9) {
      best = hit.score;
      found = [{ product, tokens: hit.tokens }];
    } else if (Math.abs(hit.score - best) < 1e-9) found.push({ product, tokens: hit.tokens });
  }
  // Equal scores on different words are two products named ("stretch wrap … packing tape"), one per
  // round; only products named by the same words are a real choice ("5 rolls": wrap or labels).
  const first = found.reduce<(typeof found)[number] | undefined>(
    (a, b) => (a === undefined || Math.min(...b.tokens) < Math.min(...a.tokens) ? b : a),
    undefined,
  );
  return first ? found.filter((hit) => hit.tokens.some((token) => first.tokens.includes(token))) : [];
}

/** What one part of a message names: its products (claimed word by word), its counts, remove/instead marks. */
function readSegment<P extends CatalogProduct>(tokens: Token[], products: P[]): ReadLines<P> {
  const named: { at: number; candidates: P[]; removed: boolean; claimed: number[]; unitAsName?: string }[] = [];
  // "10 boxes of gloves": the boxes count; "i need boxes": the box is named (retried below).
  let words = withoutCountedUnits(tokens);
  for (let round = 0; round < 2; round++) {
    for (;;) {
      const found = bestNamed(words, products);
      if (found.length === 0) break;
      const claimed = new Set(found.flatMap((hit) => hit.tokens));
      const unit = round === 1 ? [...claimed].map((i) => unitOfWord(tokens[i]!.word)).find(Boolean) : undefined;
      named.push({
        at: Math.min(...claimed),
        candidates: found.map((hit) => hit.product),
        removed: false,
        claimed: [...claimed],
        ...(unit ? { unitAsName: unit } : {}),
      });
      words = words.map((word, i) => (claimed.has(i) ? null : word));
    }
    if (named.length > 0) break;
    words = tokens.map((token, i) =>
      token.value !== null
        ? String(token.value)
        : isFiller(token.word) || (token.word.length <= 2 && !shortWordMayName(tokens, i))
          ? null
          : token.word,
    );
  }
  named.sort((a, b) => a.at - b.at);
  const removeAt = tokens.findIndex(
    (token, i) => REMOVE.has(token.word) || REMOVE_PHRASES.some((p) => startsWith(tokens, i, p)),
  );
  const insteadAt = tokens.findIndex((_, i) => INSTEAD.some((p) => startsWith(tokens, i, p)));
  for (const mention of named) {
    // "no tape", "sin azúcar", "no more gloves".
    const before = (k: number) => tokens[mention.at - k]?.word ?? "";
    const skip = ["the", "more", "el", "la", "los", "las", "mas"].includes(before(1)) ? 2 : 1;
    if (["no", "sin"].includes(before(skip))) mention.removed = true;
    // "remove the tape": everything named after the cue; "gloves instead of tape": the one right after "instead of".
    if (removeAt >= 0 && mention.at > removeAt) mention.removed = true;
    if (insteadAt >= 0 && mention.at > insteadAt && named.find((m) => m.at > insteadAt) === mention)
      mention.removed = true;
  }
  const counts: { at: number; quantity: number; unit: string | null; more: boolean; implied?: boolean }[] = [];
  tokens.forEach((token, i) => {
    if (token.value === null || token.value <= 0 || isSize(tokens, i, products)) return;
    const unit = unitOfWord(tokens[i + 1]?.word ?? "");
    const more =
      MORE.has(tokens[i + 1]?.word ?? "") ||
      MORE.has(tokens[i + 2]?.word ?? "") ||
      ["another", "otros", "otras"].includes(tokens[i - 1]?.word ?? "");
    counts.push({ at: i, quantity: token.value, unit, more });
  });
  // "a case of tape", "una caja de palta": an article before a unit or a product counts one.
  if (counts.length === 0)
    tokens.forEach((token, i) => {
      if (!ARTICLES.has(token.word) || token.value !== null) return;
      const unit = unitOfWord(tokens[i + 1]?.word ?? "");
      if (unit || named.some((m) => m.at === i + 1))
        counts.push({ at: i, quantity: 1, unit, more: false, implied: true });
    });
  const each = tokens.some((_, i) => EACH.some((p) => startsWith(tokens, i, p)));
  // "for the packing line": named only to say what the goods are for.
  for (let k = named.length - 1; k >= 0; k--)
    if (otherThing(tokens, named[k]!.claimed, named[k]!.candidates, products) === PURPOSE_PHRASE) named.splice(k, 1);
  const mentions: Mention<P>[] = named.map((m) => {
    const other = otherThing(tokens, m.claimed, m.candidates, products);
    return {
      candidates: m.candidates,
      quantity: null,
      more: false,
      removed: m.removed,
      ...(other ? { otherThing: other } : {}),
      ...(m.unitAsName ? { unitAsName: m.unitAsName } : {}),
    };
  });
  const used = new Set<number>();
  if (each && counts.length === 1 && named.length > 1) {
    for (const mention of mentions) if (!mention.removed) mention.quantity = counts[0]!.quantity;
    used.add(0);
  } else {
    // A count goes to the product it precedes ("10 rolls of wrap"), else to the one it follows ("wrap x10").
    named.forEach((m, k) => {
      const nextAt = named[k + 1]?.at ?? Number.POSITIVE_INFINITY;
      const previousAt = named[k - 1]?.at ?? Number.NEGATIVE_INFINITY;
      let pick = -1;
      counts.forEach((count, c) => {
        if (used.has(c)) return;
        if (count.at < m.at && count.at > previousAt) pick = c;
      });
      if (pick < 0) pick = counts.findIndex((count, c) => !used.has(c) && count.at > m.at && count.at < nextAt);
      if (pick < 0) return;
      used.add(pick);
      const count = counts[pick]!;
      mentions[k]!.quantity = count.quantity;
      mentions[k]!.more = count.more;
      if (count.implied) mentions[k]!.implied = true;
      // "5 rolls" of two products that fit equally: the unit may tell them apart.
      if (count.unit && mentions[k]!.candidates.length > 1) {
        const fitting = mentions[k]!.candidates.filter((p) => unitFit(count.unit!, p.measureUnit) === 1);
        if (fitting.length > 0) mentions[k]!.candidates = fitting;
      }
    });
  }
  const thing = named.length === 0 ? unknownThing(tokens, products) : null;
  const loose = counts.filter((_, c) => !used.has(c)).map(({ quantity, unit, more }) => ({ quantity, unit, more }));
  return { mentions, loose: named.length === 0 && !thing ? loose : [], unknown: thing ? [thing] : [] };
}

/**
 * The customer's own word for another thing of the same kind: an unknown word right before the
 * product's word while the product's other word went unsaid ("bubble wrap"), or right after its first
 * word when that is not its head ("vino tinto").
 */
function otherThing<P extends CatalogProduct>(
  tokens: Token[],
  claimed: number[],
  candidates: P[],
  products: P[],
): string | null {
  // Two products fit the same words ("packing" of tape and desk): another thing when neither is it.
  if (candidates.length > 1) {
    const others = candidates.map((candidate) => otherThing(tokens, claimed, [candidate], products));
    return others.every((other) => other !== null && other === others[0]) ? others[0]! : null;
  }
  const product = candidates[0]!;
  const words = keywordsOf(product.name).filter((keyword) => !keyword.spec);
  const hit = scoreProduct(
    product,
    claimed.map((i) => tokens[i]!.word),
  );
  // Every word of its name said, or its SKU: it is ours.
  if (hit.sku || hit.words >= words.length) return null;
  const first = Math.min(...claimed);
  const last = Math.max(...claimed);
  // "14 rolls for the packing line": what the goods are for, not a product asked for.
  const before =
    tokens[first - 1]?.word === "the" || tokens[first - 1]?.word === "la" || tokens[first - 1]?.word === "el" ? 2 : 1;
  if (PURPOSE.has(tokens[first - before]?.word ?? "") && hitsOnlyModifiers(tokens, claimed, product))
    return PURPOSE_PHRASE;
  if (isUnknownWord(tokens[first - 1], products)) return `${tokens[first - 1]!.word} ${tokens[first]!.word}`;
  // Names that start with the thing ("Vino Cabernet Sauvignon"): the customer's word after it.
  // Only a word that is not the name's head was said ("packing", "aceite"), and the customer's next
  // word, past a connector, is unknown: "packing peanuts", "aceite de maravilla".
  const saidOnlyAModifier =
    hit.words === 1 && words.some((word) => !word.head && wordMatch(stem(tokens[first]!.word), word.stem) > 0);
  const after = ["de", "del", "of"].includes(tokens[last + 1]?.word ?? "") ? last + 2 : last + 1;
  if (saidOnlyAModifier && isUnknownWord(tokens[after], products))
    return tokens
      .slice(first, after + 1)
      .map((token) => token.word)
      .join(" ");
  return null;
}

/** Everything a message names, part by part. */
export function readLines<P extends CatalogProduct>(text: string, products: P[]): ReadLines<P> {
  const result: ReadLines<P> = { mentions: [], loose: [], unknown: [] };
  let removing = false;
  let correcting = false;
  for (const tokens of segments(text)) {
    const part = readSegment(tokens, products);
    // "10 kilos de quínoa... no perdón, 12": the count corrects the product just named.
    correcting ||= tokens.some((_, i) => CORRECTIONS.some((phrase) => startsWith(tokens, i, phrase)));
    const corrected = result.mentions.findLast((m) => !m.removed);
    if (correcting && corrected && part.mentions.length === 0 && part.loose.length > 0) {
      corrected.quantity = part.loose.at(-1)!.quantity;
      correcting = false;
      continue;
    }
    // "remove the tape and the gloves": the cue holds across "and".
    if (part.mentions.some((m) => m.removed)) removing = true;
    else if (
      removing &&
      part.mentions.length > 0 &&
      part.mentions.every((m) => m.quantity === null) &&
      tokens.length <= 3
    )
      for (const m of part.mentions) m.removed = true;
    else removing = false;
    result.mentions.push(...part.mentions);
    result.loose.push(...part.loose);
    result.unknown.push(...part.unknown);
  }
  // One product named twice ("stretch wrap… the wrap, 10 rolls"): one mention, the count said.
  const merged: Mention<P>[] = [];
  for (const mention of result.mentions) {
    const same = merged.find(
      (m) =>
        m.candidates.length === 1 &&
        mention.candidates.length === 1 &&
        m.candidates[0]!.sku === mention.candidates[0]!.sku &&
        m.removed === mention.removed,
    );
    // The later count is the customer's last word.
    if (same) same.quantity = mention.quantity ?? same.quantity;
    else merged.push(mention);
  }
  return { mentions: merged, loose: result.loose, unknown: result.unknown };
}
