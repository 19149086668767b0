import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { emailChangeRequests, type User, users } from "#server/db/schema/auth.ts";

export async function findUserById(db: Executor, id: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function updateUserName(
  db: Executor,
  id: string,
  values: { firstName: string; lastName: string },
  now: Date,
): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** A new password: its digest and when it changed. */
export async function updatePasswordDigest(db: Executor, id: string, passwordDigest: string, now: Date) {
  const [row] = await db
    .update(users)
    .set({ passwordDigest, passwordChangedAt: now, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** The sign-in email (lower case); a unique index refuses one another user holds. */
export async function updateUserEmail(db: Executor, id: string, email: string, now: Date) {
  const [row] = await db.update(users).set({ email, updatedAt: now }).where(eq(users.id, id)).returning();
  return row;
}

/** The address waiting for its confirmation link (the newest live request), or null. */
export async function findPendingEmail(db: Executor, userId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: emailChangeRequests.newEmail })
    .from(emailChangeRequests)
    .where(
      and(
        eq(emailChangeRequests.userId, userId),
        isNull(emailChangeRequests.usedAt),
        gt(emailChangeRequests.expiresAt, now),
      ),
    )
    .orderBy(desc(emailChangeRequests.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

/** Drops the user's email change requests not yet confirmed (a new one replaces them). */
export async function deletePendingEmailChanges(db: Executor, userId: string): Promise<void> {
  await db
    .delete(emailChangeRequests)
    .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.usedAt)));
}

export async function insertEmailChange(
  db: Executor,
  values: { userId: string; newEmail: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailChangeRequests).values(values);
}

/**
 * Spends a live confirmation link in one statement, so two requests with it cannot both pass:
 * whose request it was and the address it confirms, or undefined for a used, expired or unknown link.
 */
export async function claimEmailChange(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ userId: string; newEmail: string } | undefined> {
  const [row] = await db
    .update(emailChangeRequests)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailChangeRequests.tokenHash, tokenHash),
        isNull(emailChangeRequests.usedAt),
        gt(emailChangeRequests.expiresAt, now),
      ),
    )
    .returning({ userId: emailChangeRequests.userId, newEmail: emailChangeRequests.newEmail });
  return row;
}
