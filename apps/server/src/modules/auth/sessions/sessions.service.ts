import type { UserSession } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { notFound } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import type { EventBus } from "../../events/index.ts";
import { type LiveTokenRow, listLiveTokens, revokeUserChain, revokeUserTokens } from "./sessions.repository.ts";

// The signed-in user's sessions (one per sign-in, a chain of rotated tokens): listed, ended one by one,
// or all but the one asking. Whatever ends a session tells every instance after it committed
// (`tokens.revoked`), so no cached token outlives it (token-user-cache.ts).

/** Tells every instance's token cache that these sign-ins' tokens were revoked. Call after commit. */
export async function announceRevoked(events: EventBus, chainIds: Iterable<string>): Promise<void> {
  for (const chainId of chainIds) await events.notify({ topic: "tokens.revoked", chainId });
}

const lastUseMs = (row: LiveTokenRow) => (row.lastUsedAt ?? row.createdAt).getTime();

/** One entry per live sign-in, newest first; the newest row of a chain says where it is now. */
export function toSessions(rows: LiveTokenRow[], current: string | null): UserSession[] {
  const chains = new Map<string, LiveTokenRow[]>();
  for (const row of rows) chains.set(row.chainId, [...(chains.get(row.chainId) ?? []), row]);
  const sessions = [...chains.entries()].map(([chainId, chain]) => {
    const newest = chain.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
    const lastUsed = new Date(Math.max(...chain.map(lastUseMs)));
    return {
      id: chainId,
      client: newest.client,
      signedInAt: newest.signedInAt,
      lastUsedAt: lastUsed,
      ipAddress: newest.ipAddress,
      userAgent: newest.userAgent,
      current: chainId === current,
    };
  });
  sessions.sort((a, b) => b.signedInAt.getTime() - a.signedInAt.getTime() || a.id.localeCompare(b.id));
  return sessions.map((session) => ({
    ...session,
    signedInAt: session.signedInAt.toISOString(),
    lastUsedAt: session.lastUsedAt.toISOString(),
  }));
}

export async function listSessions(
  db: Executor,
  userId: string,
  current: string | null,
  now: Date,
): Promise<UserSession[]> {
  return toSessions(await listLiveTokens(db, userId, now), current);
}

export type SessionsContext = { db: Executor; events: EventBus; userId: string; now: Date };

/** Ends one of the user's sessions (the caller's own too: that signs this browser out). 404 for any other id. */
export async function endSession(ctx: SessionsContext, id: string): Promise<void> {
  if (!isUuid(id) || !(await revokeUserChain(ctx.db, ctx.userId, id, ctx.now)))
    throw notFound("No such session of yours");
  await announceRevoked(ctx.events, [id]);
}

/** Ends every session of the user but `keep` (the caller's); answers how many live ones ended. */
export async function endOtherSessions(ctx: SessionsContext, keep: string | null): Promise<number> {
  const { chainIds, liveSessions } = await revokeUserTokens(ctx.db, ctx.userId, ctx.now, keep ?? undefined);
  await announceRevoked(ctx.events, chainIds);
  return liveSessions;
}
