import { and, asc, count, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { companies, memberships, mfaChallenges, userRecoveryCodes, users } from "#server/db/schema/index.ts";

// Queries of two-factor sign-in: the user's secret columns, their recovery codes and the sign-in's
// second-step challenges. Writes that race (confirming an enrolment, spending a challenge) are
// conditional, so of two concurrent requests only one passes.

export type TwoFactorUser = {
  id: string;
  email: string;
  firstName: string;
  totpSecret: string | null;
  totpPendingSecret: string | null;
  totpEnabledAt: Date | null;
};

export async function findTwoFactorUser(db: Executor, userId: string): Promise<TwoFactorUser | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Keeps a new secret waiting for its first code; refused (false) once two-factor is on. */
export async function setPendingSecret(db: Executor, userId: string, sealed: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpPendingSecret: sealed, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Turns the waiting secret on, marking the step of the code that confirmed it as spent. Only while that
 * same secret is still waiting and two-factor is off: false when another request got there first.
 */
export async function confirmPendingSecret(
  db: Executor,
  input: { userId: string; sealed: string; step: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      totpSecret: input.sealed,
      totpPendingSecret: null,
      totpEnabledAt: input.now,
      totpLastStep: input.step,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, input.userId), isNull(users.totpEnabledAt), eq(users.totpPendingSecret, input.sealed)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Turns two-factor off: the secret, any waiting one, the spent step and every recovery code go. */
export async function clearTwoFactor(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNotNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  return rows.length > 0;
}

/** The user's recovery codes become exactly these (hashes): every older one stops working. */
export async function replaceRecoveryCodes(db: Executor, userId: string, codeHashes: string[], now: Date) {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** The names of the user's companies that require two-factor sign-in, by name. */
export async function companiesRequiringTwoFactor(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: companies.name })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), eq(companies.requireTwoFactor, true)))
    .orderBy(asc(companies.name));
  return rows.map((row) => row.name);
}

// --- the sign-in's second step ---

export type MfaChallengeRow = typeof mfaChallenges.$inferSelect;

export async function insertMfaChallenge(
  db: Executor,
  values: {
    userId: string;
    applicationId: string;
    tokenHash: string;
    expiresAt: Date;
    ipAddress: string | null;
    userAgent: string | null;
    now: Date;
  },
): Promise<void> {
  const { now, ...row } = values;
  // The user's dead challenges are of no further use: each new one sweeps them.
  await db.delete(mfaChallenges).where(and(eq(mfaChallenges.userId, values.userId), lt(mfaChallenges.expiresAt, now)));
  await db.insert(mfaChallenges).values({ ...row, createdAt: now });
}

export async function findMfaChallengeByHash(db: Executor, tokenHash: string): Promise<MfaChallengeRow | undefined> {
  const [row] = await db.select().from(mfaChallenges).where(eq(mfaChallenges.tokenHash, tokenHash));
  return row;
}

/** The challenge is still open at `now`: unused and unexpired. */
const open = (now: Date) => and(isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, now));

/**
 * Counts one try against the challenge, atomically: false when it is spent, expired or has had all
 * `maxAttempts` tries already (concurrent tries cannot slip past the limit).
 */
export async function claimMfaAttempt(db: Executor, id: string, maxAttempts: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(and(eq(mfaChallenges.id, id), open(now), lt(mfaChallenges.attempts, maxAttempts)))
    .returning({ id: mfaChallenges.id });
  return rows.length > 0;
}

/** Spends the challenge: true for exactly one caller, while it is open. */
export async function spendMfaChallenge(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(and(eq(mfaChallenges.id, id), open(now)))
    .returning({ id: mfaChallenges.id });
  return rows.length > 0;
}
