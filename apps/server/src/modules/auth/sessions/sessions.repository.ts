import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { oauthAccessTokens, oauthApplications } from "#server/db/schema/auth.ts";

// A session is a sign-in: the chain of tokens rotated from it (`chain_id`). It is live while one of its
// rows is not revoked and the chain's refresh lifetime has not ended.

export type LiveTokenRow = {
  chainId: string;
  client: string;
  createdAt: Date;
  signedInAt: Date;
  lastUsedAt: Date | null;
  ipAddress: string | null;
  userAgent: string | null;
};

/** The user's unrevoked rows of live chains, with their client's name. */
export async function listLiveTokens(db: Executor, userId: string, now: Date): Promise<LiveTokenRow[]> {
  return db
    .select({
      chainId: oauthAccessTokens.chainId,
      client: oauthApplications.name,
      createdAt: oauthAccessTokens.createdAt,
      signedInAt: oauthAccessTokens.signedInAt,
      lastUsedAt: oauthAccessTokens.lastUsedAt,
      ipAddress: oauthAccessTokens.ipAddress,
      userAgent: oauthAccessTokens.userAgent,
    })
    .from(oauthAccessTokens)
    .innerJoin(oauthApplications, eq(oauthApplications.id, oauthAccessTokens.applicationId))
    .where(
      and(
        eq(oauthAccessTokens.userId, userId),
        isNull(oauthAccessTokens.revokedAt),
        gt(oauthAccessTokens.refreshExpiresAt, now),
      ),
    );
}

/**
 * Revokes every token of the user (but the chain `except`, when given), whatever its state. Answers the
 * chains that had a token revoked, and how many of them were live sessions until now.
 */
export async function revokeUserTokens(
  db: Executor,
  userId: string,
  now: Date,
  except?: string,
): Promise<{ chainIds: string[]; liveSessions: number }> {
  const rows = await db
    .update(oauthAccessTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(oauthAccessTokens.userId, userId),
        isNull(oauthAccessTokens.revokedAt),
        except ? ne(oauthAccessTokens.chainId, except) : undefined,
      ),
    )
    .returning({ chainId: oauthAccessTokens.chainId, refreshExpiresAt: oauthAccessTokens.refreshExpiresAt });
  const chainIds = [...new Set(rows.map((row) => row.chainId))];
  const live = new Set(rows.filter((row) => row.refreshExpiresAt > now).map((row) => row.chainId));
  return { chainIds, liveSessions: live.size };
}

/** Revokes one chain of the user; false when the user has no unrevoked token in it (unknown, another's, ended). */
export async function revokeUserChain(db: Executor, userId: string, chainId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oauthAccessTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(oauthAccessTokens.userId, userId),
        eq(oauthAccessTokens.chainId, chainId),
        isNull(oauthAccessTokens.revokedAt),
      ),
    )
    .returning({ id: oauthAccessTokens.id });
  return rows.length > 0;
}
