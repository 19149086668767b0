import { describe, expect, it } from "vitest";
import { ExpiringCache } from "./expiring-cache.ts";

describe("ExpiringCache", () => {
  it("serves a value until its time to live has passed", () => {
    const cache = new ExpiringCache<string>({ ttlMs: 1000, maxEntries: 10 });
    cache.set("a", "one", cache.generation(), 0);
    expect(cache.get("a", 999)).toBe("one");
    expect(cache.get("a", 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("forgets the oldest entry when full", () => {
    const cache = new ExpiringCache<number>({ ttlMs: 1000, maxEntries: 2 });
    for (const [key, value] of [
      ["a", 1],
      ["b", 2],
      ["c", 3],
    ] as const)
      cache.set(key, value, cache.generation(), 0);
    expect([cache.get("a", 1), cache.get("b", 1), cache.get("c", 1)]).toEqual([undefined, 2, 3]);
  });

  it("drops matching entries, and ignores a value read before the invalidation", () => {
    const cache = new ExpiringCache<{ chain: string }>({ ttlMs: 1000, maxEntries: 10 });
    cache.set("a", { chain: "x" }, cache.generation(), 0);
    cache.set("b", { chain: "y" }, cache.generation(), 0);
    const readStarted = cache.generation();
    cache.deleteWhere((value) => value.chain === "x");
    expect(cache.get("a", 1)).toBeUndefined();
    expect(cache.get("b", 1)).toEqual({ chain: "y" });
    // A lookup that read the row before the revocation must not put it back.
    cache.set("a", { chain: "x" }, readStarted, 2);
    expect(cache.get("a", 3)).toBeUndefined();
    cache.clear();
    expect(cache.get("b", 4)).toBeUndefined();
  });
});
