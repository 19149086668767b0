// Reading route search parameters: the generic pieces every screen's parser is built from (each
// screen's own parser lives with its domain: orders/search.ts, sales/search.ts, …).
//
// These are plain functions rather than zod schemas on purpose: they run in the signed-in shell's
// initial bundle, which must stay small, and zod would add ~24 KB gzip to it. The router hands the
// values over already parsed from the URL: `?state=2` arrives as the number 2, so every text value
// is read as a string.

/** Lists start on page 1; that default stays out of the address bar. */
export const FIRST_PAGE = 1;

export type RawSearch = Record<string, unknown>;

/** A text value: numbers and booleans from the URL become their text; empty or other values are dropped. */
export function searchText(value: unknown): string | undefined {
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return undefined;
  const text = String(value).trim();
  return text === "" ? undefined : text;
}

/**
 * Sets `key` to the value's text, or to undefined when there is none. Always set: the router lays the
 * validated search over the raw one, so a key left out would keep its raw value (`?state={}` would stay
 * an object); undefined values never reach the address.
 */
export function withText<T extends object>(target: T, key: string, value: unknown): T {
  return Object.assign(target, { [key]: searchText(value) });
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record id from the address (`?aiEmployeeId=…`): a UUID, lower-cased; anything else is dropped. */
export function searchUuid(value: unknown): string | undefined {
  const text = searchText(value);
  return text !== undefined && UUID_PATTERN.test(text) ? text.toLowerCase() : undefined;
}

/**
 * A page number: a whole number from 1 up ("2" as text too). Anything else — 0, -1, 2.5, "abc", a
 * number too large to be exact — is the first page rather than an error.
 */
export function searchPage(value: unknown): number {
  const text = searchText(value);
  if (text === undefined || !/^\d+$/.test(text)) return FIRST_PAGE;
  const page = Number(text);
  return Number.isSafeInteger(page) && page >= FIRST_PAGE ? page : FIRST_PAGE;
}

/**
 * Keys are URL-decoded first: `q%5Bcreated_at_gteq%5D` reads as `q[created_at_gteq]`, also
 * when a link encoded it twice. A key that is not valid percent-encoding is kept as it is.
 */
export function decodeSearchKeys(search: RawSearch): RawSearch {
  const out: RawSearch = {};
  for (const [key, value] of Object.entries(search)) {
    let decoded = key;
    for (let round = 0; round < 3 && /%[0-9a-f]{2}/i.test(decoded); round++) {
      try {
        decoded = decodeURIComponent(decoded);
      } catch {
        break;
      }
    }
    out[decoded] = value;
  }
  return out;
}
