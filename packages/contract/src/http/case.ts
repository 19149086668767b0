// The wire is snake_case, code is camelCase: both boundaries (server serializer, web API client)
// convert with these two helpers so the rule lives in one place.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Remembers each key's renaming: every API answer renames the same few hundred field names, and a
 * regular-expression replace per key per answer was a visible share of a request's CPU. Keys can come
 * from clients too, so the memory stops growing at a fixed size and later keys are renamed uncached.
 */
function memoized(rename: (key: string) => string, limit = 4096): (key: string) => string {
  const seen = new Map<string, string>();
  return (key) => {
    let renamed = seen.get(key);
    if (renamed === undefined) {
      renamed = rename(key);
      if (seen.size < limit) seen.set(key, renamed);
    }
    return renamed;
  };
}

export const snakeToCamel = memoized((key) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));

export const camelToSnake = memoized((key) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));

// Plain data objects only: literals, JSON.parse results and null-prototype objects (form parsers make
// those); Dates, Buffers and other class instances pass through untouched.
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === "[object Object]";
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[convert(key)] = convertKeys(value[key], convert);
  return out;
}

/** Deeply renames object keys from snake_case to camelCase; values are left untouched. */
export function camelizeKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, snakeToCamel) as T;
}

/** Deeply renames object keys from camelCase to snake_case; values are left untouched. */
export function snakeizeKeys<T = Json>(value: unknown): T {
  return convertKeys(value, camelToSnake) as T;
}
