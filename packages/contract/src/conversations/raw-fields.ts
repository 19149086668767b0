// Reading loosely shaped raw items (chat tool payloads, older APIs): camelCase or snake_case keys, numbers
// where text was expected. Shared by the lenient message and action item readers.

export type RawRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is RawRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The first of `keys` that holds a value (not undefined or null). */
export function field(raw: RawRecord, ...keys: string[]): unknown {
  for (const key of keys) {
    const value = raw[key];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

/** Text as it is; a finite number as its text; anything else undefined. */
export function text(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** The first of `keys` that holds text (see `text`). */
export function textField(raw: RawRecord, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = text(raw[key]);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Trimmed text, or undefined when there is none. */
export function nonBlank(value: unknown): string | undefined {
  const result = text(value)?.trim();
  return result ? result : undefined;
}
