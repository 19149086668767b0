/**
 * Whole answers (their serialized JSON, as bytes ready to send) kept per company, bounded by an entry
 * count, a byte budget (least recently used first out) and a time to live. Invalidation is by company:
 * `invalidate(companyId)` drops the company's answers, `clear()` every answer. A value read from the
 * database before an invalidation and stored after it would bring the stale answer back, so `set`
 * refuses an answer whose read began (`begin()`) before the last invalidation of its company.
 */
export class AnswerCache {
  readonly #entries = new Map<string, { companyId: string; body: Buffer; storedAt: number; bytes: number }>();
  readonly #keysByCompany = new Map<string, Set<string>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #bytes = 0;
  // Invalidations are numbered; a read remembers the number it began at.
  #tick = 0;
  #clearedAt = 0;
  readonly #invalidatedAt = new Map<string, number>();
  #hits = 0;
  #misses = 0;

  constructor({ ttlMs, maxEntries, maxBytes }: { ttlMs: number; maxEntries: number; maxBytes: number }) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  /** Entries, bytes held, and the hits and misses so far (diagnostics and tests). */
  stats(): { entries: number; bytes: number; hits: number; misses: number } {
    return { entries: this.#entries.size, bytes: this.#bytes, hits: this.#hits, misses: this.#misses };
  }

  /** Whether `get` would answer the key now; counts neither a hit nor a miss. */
  holds(key: string, nowMs: number): boolean {
    const entry = this.#entries.get(key);
    return entry !== undefined && nowMs - entry.storedAt < this.#ttlMs;
  }

  get(key: string, nowMs: number): Buffer | undefined {
    const entry = this.#entries.get(key);
    if (!entry || nowMs - entry.storedAt >= this.#ttlMs) {
      if (entry) this.#delete(key);
      this.#misses += 1;
      return undefined;
    }
    // Most recently used last: eviction takes the first.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    this.#hits += 1;
    return entry.body;
  }

  /** Call before reading the answer from the database; pass the result to `set`. */
  begin(): number {
    return this.#tick;
  }

  /**
   * Keeps the answer unless its company (or everything) was invalidated since `readBegan`, or it is too
   * big; returns the bytes kept, or undefined.
   */
  set(key: string, companyId: string, json: string, readBegan: number, nowMs: number): Buffer | undefined {
    if (readBegan < this.#clearedAt || readBegan < (this.#invalidatedAt.get(companyId) ?? 0)) return undefined;
    const length = Buffer.byteLength(json);
    // Its own memory, not a slice of a shared pool that would keep a whole slab alive.
    const body = Buffer.allocUnsafeSlow(length);
    body.write(json);
    const bytes = length + key.length * 2;
    if (bytes > this.#maxBytes / 8) return undefined;
    this.#delete(key);
    while (this.#entries.size >= this.#maxEntries || this.#bytes + bytes > this.#maxBytes) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#delete(oldest);
    }
    this.#entries.set(key, { companyId, body, storedAt: nowMs, bytes });
    this.#bytes += bytes;
    const keys = this.#keysByCompany.get(companyId);
    if (keys) keys.add(key);
    else this.#keysByCompany.set(companyId, new Set([key]));
    return body;
  }

  /** Drops the company's answers, and any of its reads in flight. */
  invalidate(companyId: string): void {
    this.#tick += 1;
    // One number per company written to: bounded by forgetting them all at once, as a clear of reads in flight.
    if (this.#invalidatedAt.size >= 10_000) {
      this.#invalidatedAt.clear();
      this.#clearedAt = this.#tick;
    }
    this.#invalidatedAt.set(companyId, this.#tick);
    const keys = this.#keysByCompany.get(companyId);
    if (keys) for (const key of [...keys]) this.#delete(key);
  }

  /** Drops every answer, and every read in flight. */
  clear(): void {
    this.#tick += 1;
    this.#clearedAt = this.#tick;
    this.#invalidatedAt.clear();
    this.#entries.clear();
    this.#keysByCompany.clear();
    this.#bytes = 0;
  }

  #delete(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    const keys = this.#keysByCompany.get(entry.companyId);
    keys?.delete(key);
    if (keys?.size === 0) this.#keysByCompany.delete(entry.companyId);
  }
}
