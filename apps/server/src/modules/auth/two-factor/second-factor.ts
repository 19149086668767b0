import { createHash } from "node:crypto";
import { normalizeCode, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from "@foreman/contract";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import type { Executor } from "#server/db/client.ts";
import { userRecoveryCodes, users } from "#server/db/schema/auth.ts";
import { openSecret } from "#server/lib/secret-box.ts";
import { deleteThrottle, readThrottles, updateThrottle } from "../throttle.repository.ts";
import { ACCOUNT_RULE, lockRemainingSeconds, recordFailure, type ThrottleRule } from "../throttle-policy.ts";

// The second factor, checked the same way wherever it is asked for (the sign-in's second step, a
// password reset, turning two-factor off, new recovery codes): a code from the user's app, used once
// (ASVS 6.5.1: its 30-second step must be later than the last one accepted), within ±1 step of the
// server's clock; or an unused recovery code. Wrong codes count against the user, in the database so
// every instance sees them: 5 in 15 minutes lock the user's second factor for 30 s, doubling to 15 min.

export const SECOND_FACTOR_RULE: ThrottleRule = { ...ACCOUNT_RULE, maxLockMs: 15 * 60_000 };
const throttleKey = (userId: string) => `second-factor:${userId}`;

export type SecondFactorOutcome =
  | { ok: true; method: "totp" | "recovery_code" }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "locked"; retryAfterSeconds: number };

/** A TOTP for a base32 secret: SHA-1, 6 digits, 30 s (what every authenticator app reads). */
export function totpFor(secretBase32: string, label = "", issuer = "Foreman"): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/**
 * The 30-second step a typed app code belongs to, on the server's clock with ±1 step of drift, or null
 * when it is no current code of this secret. Whether the step was already spent is the caller's to check.
 */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  const typed = normalizeCode(code);
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(typed)) return null;
  const delta = totpFor(secretBase32).validate({ token: typed, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Recovery codes carry ≥ 112 bits, so a plain SHA-256 is an acceptable store (ASVS 6.5.2). */
export const hashRecoveryCode = (code: string) => createHash("sha256").update(normalizeCode(code)).digest("hex");

/**
 * Seconds until the user's second factor may be tried again (0: not locked). The sign-in's second step
 * asks first, so a try while locked spends none of its challenge's attempts.
 */
export async function secondFactorLockSeconds(db: Executor, userId: string, now: Date): Promise<number> {
  const key = throttleKey(userId);
  return lockRemainingSeconds((await readThrottles(db, [key])).get(key), now);
}

/**
 * Checks a code for a user with two-factor on. `key` opens the stored secret (config.encryptionKey);
 * the accepted step or recovery code is spent in the same statement that checks it, so two requests
 * with one code cannot both pass.
 */
export async function verifySecondFactor(
  db: Executor,
  input: { userId: string; code: string; key: Buffer | null; now: Date },
): Promise<SecondFactorOutcome> {
  const key = throttleKey(input.userId);
  const state = (await readThrottles(db, [key])).get(key);
  const wait = lockRemainingSeconds(state, input.now);
  if (wait > 0) return { ok: false, reason: "locked", retryAfterSeconds: wait };

  const method = await spendCode(db, input);
  if (method) {
    await deleteThrottle(db, key);
    return { ok: true, method };
  }
  await updateThrottle(db, key, input.now, (current) => recordFailure(current, SECOND_FACTOR_RULE, input.now));
  return { ok: false, reason: "invalid" };
}

async function spendCode(
  db: Executor,
  { userId, code, key, now }: { userId: string; code: string; key: Buffer | null; now: Date },
): Promise<"totp" | "recovery_code" | null> {
  const typed = normalizeCode(code);
  if (/^\d{6}$/.test(typed)) {
    const [user] = await db.select({ secret: users.totpSecret }).from(users).where(eq(users.id, userId));
    const secret = user?.secret && key ? openSecret(key, user.secret) : null;
    const step = secret ? totpStep(secret, typed, now) : null;
    if (step === null) return null;
    // Spent once: only a step later than the last accepted one moves the mark.
    const spent = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return spent.length > 0 ? "totp" : null;
  }
  if (typed.length < 10) return null;
  const used = await db
    .update(userRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, hashRecoveryCode(typed)),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return used.length > 0 ? "recovery_code" : null;
}
