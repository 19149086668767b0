/**
 * Whether a database error (or one it wraps: drizzle and the drivers nest the cause) is a unique index
 * refusing a row: another request wrote the same value meanwhile.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}

/**
 * Runs a write; when a unique index refuses a row (two requests racing for the same name, SKU or
 * email), throws `conflict()` instead, which the caller words for its field.
 */
export async function orConflict<T>(write: () => Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}
