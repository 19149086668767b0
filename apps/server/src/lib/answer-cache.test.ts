import { describe, expect, it } from "vitest";
import { AnswerCache } from "./answer-cache.ts";

const A = "company-a";
const B = "company-b";
const cache = (options: Partial<{ ttlMs: number; maxEntries: number; maxBytes: number }> = {}) =>
  new AnswerCache({ ttlMs: 10_000, maxEntries: 100, maxBytes: 1_000_000, ...options });
const text = (body: Buffer | undefined) => body?.toString("utf8");

describe("AnswerCache", () => {
  it("keeps an answer as UTF-8 bytes until its time to live runs out", () => {
    const c = cache();
    expect(c.set("k", A, '{"name":"Señora"}', c.begin(), 0)).toBeDefined();
    expect(text(c.get("k", 9_999))).toBe('{"name":"Señora"}');
    expect(c.get("k", 10_000)).toBeUndefined();
    expect(c.stats()).toMatchObject({ entries: 0, bytes: 0, hits: 1, misses: 1 });
  });

  it("drops only the invalidated company's answers", () => {
    const c = cache();
    c.set("a1", A, "1", c.begin(), 0);
    c.set("a2", A, "2", c.begin(), 0);
    c.set("b1", B, "3", c.begin(), 0);
    c.invalidate(A);
    expect(c.get("a1", 1)).toBeUndefined();
    expect(c.get("a2", 1)).toBeUndefined();
    expect(text(c.get("b1", 1))).toBe("3");
    c.clear();
    expect(c.get("b1", 1)).toBeUndefined();
  });

  it("refuses an answer whose read began before its company was invalidated (or everything was)", () => {
    const c = cache();
    const stale = c.begin();
    c.invalidate(A);
    expect(c.set("a", A, "old", stale, 0)).toBeUndefined();
    // Another company's read of the same moment is unaffected.
    expect(c.set("b", B, "fine", stale, 0)).toBeDefined();
    // A read begun after the invalidation is kept.
    expect(c.set("a", A, "new", c.begin(), 0)).toBeDefined();
    const beforeClear = c.begin();
    c.clear();
    expect(c.set("b", B, "old", beforeClear, 0)).toBeUndefined();
  });

  it("stays within its entry count and byte budget, least recently used out first", () => {
    const c = cache({ maxEntries: 2 });
    c.set("1", A, "one", c.begin(), 0);
    c.set("2", A, "two", c.begin(), 0);
    c.get("1", 0);
    c.set("3", A, "three", c.begin(), 0);
    expect(c.get("2", 0)).toBeUndefined();
    expect(text(c.get("1", 0))).toBe("one");
    expect(c.stats().entries).toBe(2);

    const small = cache({ maxBytes: 8000 });
    for (let i = 0; i < 20; i++) small.set(`k${i}`, A, "x".repeat(700), small.begin(), 0);
    expect(small.stats().bytes).toBeLessThanOrEqual(8000);
    expect(small.get("k0", 0)).toBeUndefined();
    expect(small.get("k19", 0)).toBeDefined();
    // An answer over an eighth of the budget is not kept at all.
    expect(small.set("big", A, "x".repeat(1200), small.begin(), 0)).toBeUndefined();
  });
});
