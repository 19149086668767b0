/**
 * A bounded in-memory map whose entries expire after `ttlMs`. Invalidation bumps a generation
 * number: a value read from the database before an invalidation and stored after it would bring the
 * stale value back, so `set` ignores a value whose read began in an older generation.
 */
export class ExpiringCache<V> {
  readonly #entries = new Map<string, { value: V; storedAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  #generation = 0;

  constructor({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, nowMs: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (nowMs - entry.storedAt >= this.#ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Call before reading the value from its source; pass the result to `set`. */
  generation(): number {
    return this.#generation;
  }

  set(key: string, value: V, readInGeneration: number, nowMs: number): void {
    if (readInGeneration !== this.#generation) return;
    this.#entries.delete(key);
    // Maps keep insertion order: the first key is the oldest entry.
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(key, { value, storedAt: nowMs });
  }

  /** Drops every entry the predicate matches (and any read in flight). */
  deleteWhere(matches: (value: V) => boolean): void {
    this.#generation += 1;
    for (const [key, entry] of this.#entries) if (matches(entry.value)) this.#entries.delete(key);
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
