import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { passwordResetTokens } from "#server/db/schema/auth.ts";

/** A new link replaces the user's links not yet used. */
export async function deleteUnusedResetTokens(db: Executor, userId: string): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function insertResetToken(
  db: Executor,
  values: { userId: string; tokenHash: string; expiresAt: Date; requestedFrom: string | null },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** Whose link it is, while it can still be used (read only: a refused reset does not spend it). */
export async function findLiveResetToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ id: string; userId: string } | undefined> {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Spends a live link in one statement, so of two resets with it only one passes. */
export async function claimResetToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ id: string; userId: string } | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ id: passwordResetTokens.id, userId: passwordResetTokens.userId });
  return row;
}

/** After a reset: the user's other links go. */
export async function deleteOtherResetTokens(db: Executor, userId: string, keepId: string): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), ne(passwordResetTokens.id, keepId)));
}
