// Words as the built-in engine and the catalog search compare them: accents off, lower case, plural and
// singular folded to one stem, and a typo of one edit forgiven on longer words. English and Spanish.

/** Lower case, accents off: "Cotización" → "cotizacion". */
export function plain(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The words of a text, plain: letters and digits, with inner hyphens and dots of SKUs and sizes kept. */
export function wordsOf(text: string): string[] {
  return plain(text)
    .split(/[^\p{L}\p{N}.%-]+/u)
    .map((word) => word.replace(/^[.-]+|[.-]+$/g, ""))
    .filter((word) => word.length > 0);
}

/**
 * One stem for the singular and the plural: "boxes"/"box", "cases"/"case", "cajas"/"caja",
 * "bidones"/"bidon", "batteries"/"battery", "azucares"/"azucar". Not a linguist's stem: the same fold
 * applied to both sides, so they meet.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (/(ss|us|is)$/.test(w)) return w;
  if (w.endsWith("s")) w = w.slice(0, -1);
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith("y")) w = `${w.slice(0, -1)}i`;
  return w;
}

/** Whether two words are at most one edit apart (insert, delete, substitute or swap two neighbours). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    // A swap of two neighbours: "wrpa" for "wrap".
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Typos are forgiven only on words this long (stems), so "tape" never becomes "tap" or "type". */
export const TYPO_MIN_LENGTH = 5;

/** How well a customer's word names a catalog word, both stemmed: 1 exact, 0.8 a typo, 0 not at all. */
export function wordMatch(said: string, catalog: string): number {
  if (said === catalog) return 1;
  // A typo keeps the word's first and last letters ("strech", "harrina"); "grande" is not "grano".
  const sameEnds = said[0] === catalog[0] && said.at(-1) === catalog.at(-1);
  if (
    catalog.length >= TYPO_MIN_LENGTH &&
    said.length >= TYPO_MIN_LENGTH - 1 &&
    sameEnds &&
    withinOneEdit(said, catalog)
  )
    return 0.8;
  return 0;
}
