import { eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { signInThrottles } from "#server/db/schema/auth.ts";
import type { ThrottleState } from "./throttle-policy.ts";

export async function readThrottles(db: Executor, keys: string[]): Promise<Map<string, ThrottleState>> {
  const rows = await db.select().from(signInThrottles).where(inArray(signInThrottles.key, keys));
  return new Map(rows.map((row) => [row.key, row]));
}

/**
 * Read-modify-write of one counter under a row lock, so concurrent failures on several API
 * instances are all counted.
 */
export async function updateThrottle(
  db: Executor,
  key: string,
  now: Date,
  next: (state: ThrottleState | null) => ThrottleState,
): Promise<ThrottleState> {
  return db.transaction(async (tx) => {
    await tx
      .insert(signInThrottles)
      .values({ key, failureCount: 0, windowStart: now, lockedUntil: null, updatedAt: now })
      .onConflictDoNothing({ target: signInThrottles.key });
    const [row] = await tx.select().from(signInThrottles).where(eq(signInThrottles.key, key)).for("update");
    // A freshly inserted placeholder has no failures yet: treat it as no state at all.
    const state = next(row && row.failureCount > 0 ? row : null);
    await tx
      .update(signInThrottles)
      .set({ ...state, updatedAt: sql`now()` })
      .where(eq(signInThrottles.key, key));
    return state;
  });
}

export async function deleteThrottle(db: Executor, key: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.key, key));
}
