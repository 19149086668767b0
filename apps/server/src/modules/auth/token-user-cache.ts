import type { Executor } from "#server/db/client.ts";
import { ExpiringCache } from "#server/lib/expiring-cache.ts";
import type { EventBus } from "../events/index.ts";
import { findByTokenHash, LAST_USED_RESOLUTION_MS, touchLastUsed } from "./token.repository.ts";
import { expiresAtMs, isLive } from "./token.service.ts";
import { hashToken } from "./tokens.ts";

// Every API call presents a bearer token; reading its row each time was a database round trip per
// request. Live tokens are kept in memory for a short while, keyed by their hash (never the token).
// A revocation reaches every instance through the bus (`tokens.revoked`, sent by the code that revokes
// after it commits) and drops the sign-in's tokens at once; expiry is checked on every call from the
// row's own expiry; while other instances' notices may be missed the cache is not used at all.

/** How long a live token may be answered from memory before its row is read again (a backstop). */
export const TOKEN_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

type CachedToken = { userId: string; chainId: string; expiresAtMs: number };

export class TokenUserCache {
  readonly #cache = new ExpiringCache<CachedToken>({ ttlMs: TOKEN_CACHE_TTL_MS, maxEntries: MAX_ENTRIES });
  readonly #bus: EventBus;

  constructor(bus: EventBus) {
    this.#bus = bus;
    bus.onNotice((notice) => {
      if (notice.topic === "tokens.revoked") this.#cache.deleteWhere((token) => token.chainId === notice.chainId);
      else if (notice.topic === "reset") this.#cache.clear();
    });
  }

  /** The user behind a live bearer token, or null (unknown, revoked or expired): `FindTokenUser`. */
  readonly find = async (db: Executor, token: string, now: Date): Promise<{ id: string; chainId: string } | null> => {
    const hash = hashToken(token);
    const nowMs = now.getTime();
    if (this.#bus.noticesReliable) {
      const cached = this.#cache.get(hash, nowMs);
      if (cached && nowMs < cached.expiresAtMs) return { id: cached.userId, chainId: cached.chainId };
    }
    const generation = this.#cache.generation();
    const row = await findByTokenHash(db, hash);
    if (!row || !isLive(row, now)) return null;
    // "Last used" for the sessions list: only on a read from the database (at most every 30 s per
    // token), and only written when the stored time is older than a few minutes.
    if (!row.lastUsedAt || nowMs - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS)
      await touchLastUsed(db, row.id, now);
    this.#cache.set(
      hash,
      { userId: row.userId, chainId: row.chainId, expiresAtMs: expiresAtMs(row) },
      generation,
      nowMs,
    );
    return { id: row.userId, chainId: row.chainId };
  };
}
