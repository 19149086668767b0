import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { signInThrottles, signInTrustedAddresses } from "#server/db/schema/auth.ts";
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

/** When `account` last signed in successfully from `address`, or null. */
export async function readLastSignIn(db: Executor, account: string, address: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: signInTrustedAddresses.lastSignedInAt })
    .from(signInTrustedAddresses)
    .where(and(eq(signInTrustedAddresses.account, account), eq(signInTrustedAddresses.address, address)));
  return row?.at ?? null;
}

/** Records a successful sign-in from `address`, and forgets the account's addresses no longer trusted. */
export async function recordLastSignIn(
  db: Executor,
  account: string,
  address: string,
  now: Date,
  forgetBefore: Date,
): Promise<void> {
  await db
    .insert(signInTrustedAddresses)
    .values({ account, address, lastSignedInAt: now })
    .onConflictDoUpdate({
      target: [signInTrustedAddresses.account, signInTrustedAddresses.address],
      set: { lastSignedInAt: now },
    });
  await db
    .delete(signInTrustedAddresses)
    .where(and(eq(signInTrustedAddresses.account, account), lt(signInTrustedAddresses.lastSignedInAt, forgetBefore)));
}
