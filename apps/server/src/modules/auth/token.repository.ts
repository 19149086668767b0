import { and, eq, gte, isNull, lt, or } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { type OauthAccessToken, oauthAccessTokens } from "#server/db/schema/auth.ts";

export type NewAccessToken = typeof oauthAccessTokens.$inferInsert;

export async function insertAccessToken(db: Executor, values: NewAccessToken): Promise<OauthAccessToken> {
  const [row] = await db.insert(oauthAccessTokens).values(values).returning();
  return row!;
}

export async function findByTokenHash(db: Executor, tokenHash: string): Promise<OauthAccessToken | undefined> {
  const [row] = await db.select().from(oauthAccessTokens).where(eq(oauthAccessTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function findByRefreshTokenHash(db: Executor, hash: string): Promise<OauthAccessToken | undefined> {
  const [row] = await db.select().from(oauthAccessTokens).where(eq(oauthAccessTokens.refreshTokenHash, hash)).limit(1);
  return row;
}

/** A row whose access token or refresh token has this hash. */
export async function findByEitherHash(db: Executor, hash: string): Promise<OauthAccessToken | undefined> {
  const [row] = await db
    .select()
    .from(oauthAccessTokens)
    .where(or(eq(oauthAccessTokens.tokenHash, hash), eq(oauthAccessTokens.refreshTokenHash, hash)))
    .limit(1);
  return row;
}

/** Revokes one access token (and with it its refresh token); false when it was already revoked. */
export async function revokeIfLive(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oauthAccessTokens)
    .set({ revokedAt: now })
    .where(and(eq(oauthAccessTokens.id, id), isNull(oauthAccessTokens.revokedAt)))
    .returning({ id: oauthAccessTokens.id });
  return rows.length > 0;
}

/** Revokes every token rotated from the same sign-in. */
export async function revokeChain(db: Executor, chainId: string, now: Date): Promise<void> {
  await db
    .update(oauthAccessTokens)
    .set({ revokedAt: now })
    .where(and(eq(oauthAccessTokens.chainId, chainId), isNull(oauthAccessTokens.revokedAt)));
}

/** A still-live pair that the refresh token with this hash was rotated into since `since`. */
export async function findLiveSuccessor(
  db: Executor,
  previousRefreshTokenHash: string,
  since: Date,
): Promise<OauthAccessToken | undefined> {
  const [row] = await db
    .select()
    .from(oauthAccessTokens)
    .where(
      and(
        eq(oauthAccessTokens.previousRefreshTokenHash, previousRefreshTokenHash),
        isNull(oauthAccessTokens.revokedAt),
        gte(oauthAccessTokens.createdAt, since),
      ),
    )
    .limit(1);
  return row;
}

/** How stale a token's `last_used_at` may get before a use writes it again (the sessions list's "last used"). */
export const LAST_USED_RESOLUTION_MS = 5 * 60_000;

/** Notes a use of the token: one conditional write, skipped while the stored time is recent enough. */
export async function touchLastUsed(db: Executor, id: string, now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  await db
    .update(oauthAccessTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(oauthAccessTokens.id, id),
        or(isNull(oauthAccessTokens.lastUsedAt), lt(oauthAccessTokens.lastUsedAt, staleBefore)),
      ),
    );
}
