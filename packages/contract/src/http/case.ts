// The wire is snake_case, code is camelCase: both boundaries (server serializer, web API client)
// convert with these two helpers so the rule lives in one place.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function camelToSnake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

// Plain data objects only: literals, JSON.parse results and null-prototype objects (form parsers make
// those); Dates, Buffers and other class instances pass through untouched.
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === "[object Object]";
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[convert(key)] = convertKeys(inner, convert);
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
