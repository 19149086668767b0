import { randomUUID } from "node:crypto";
import { ACCESS_TOKEN_TTL_SECONDS, MFA_TOKEN_TTL_SECONDS, REFRESH_TOKEN_MAX_AGE_SECONDS } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import type { OauthAccessToken, OauthApplication } from "#server/db/schema/auth.ts";
import { invalidGrant, invalidOtp, tooManyCodeAttempts, tooManySignInAttempts } from "./oauth-errors.ts";
import { verifyAgainstDummy, verifyPassword } from "./password.ts";
import { checkSignIn, recordSignInFailure, recordSignInSuccess } from "./sign-in-throttle.ts";
import {
  findByEitherHash,
  findByRefreshTokenHash,
  findLiveSuccessor,
  insertAccessToken,
  revokeChain,
  revokeIfLive,
} from "./token.repository.ts";
import { generateToken, hashToken } from "./tokens.ts";
import { secondFactorLockSeconds, verifySecondFactor } from "./two-factor/second-factor.ts";
import {
  claimMfaAttempt,
  findMfaChallengeByHash,
  findTwoFactorUser,
  insertMfaChallenge,
  spendMfaChallenge,
} from "./two-factor/two-factor.repository.ts";
import { findUserByEmail } from "./users.repository.ts";

/** The token response in code (camelCase); the wire gets it snake_case in the body and hyphenated in headers. */
export type IssuedToken = {
  accessToken: string;
  tokenType: "Bearer";
  expiresIn: number;
  refreshToken: string;
  scope: string;
  createdAt: number;
};

type IssueInput = {
  userId: string;
  applicationId: string;
  now: Date;
  // Set when rotating: the new token continues the old chain and keeps its absolute end.
  chainId?: string;
  refreshExpiresAt?: Date;
  previousRefreshTokenHash?: string;
  /** Where the sign-in came from (the profile's list of sessions); a rotation keeps the chain's. */
  client?: SignInClient;
  /** Set when rotating: when the chain's sign-in began. */
  signedInAt?: Date;
};

/** The address and browser of a sign-in, as the request told them (user agents are cut to 512 characters). */
export type SignInClient = { ipAddress: string | null; userAgent: string | null };

export function signInClientOf(request: { ip: string; headers: Record<string, unknown> }): SignInClient {
  const agent = request.headers["user-agent"];
  return { ipAddress: request.ip || null, userAgent: typeof agent === "string" ? agent.slice(0, 512) : null };
}

export async function issueToken(db: Executor, input: IssueInput): Promise<IssuedToken> {
  const accessToken = generateToken();
  const refreshToken = generateToken();
  // Whole seconds, so `created_at` in the answer is exactly what expiry is computed from.
  const createdAt = new Date(Math.floor(input.now.getTime() / 1000) * 1000);
  const row = await insertAccessToken(db, {
    userId: input.userId,
    applicationId: input.applicationId,
    tokenHash: hashToken(accessToken),
    refreshTokenHash: hashToken(refreshToken),
    previousRefreshTokenHash: input.previousRefreshTokenHash ?? null,
    chainId: input.chainId ?? randomUUID(),
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    scopes: "",
    createdAt,
    refreshExpiresAt: input.refreshExpiresAt ?? new Date(createdAt.getTime() + REFRESH_TOKEN_MAX_AGE_SECONDS * 1000),
    signedInAt: input.signedInAt ?? createdAt,
    ipAddress: input.client?.ipAddress ?? null,
    userAgent: input.client?.userAgent ?? null,
  });
  return {
    accessToken,
    tokenType: "Bearer",
    expiresIn: row.expiresIn,
    refreshToken,
    scope: row.scopes,
    createdAt: createdAt.getTime() / 1000,
  };
}

/**
 * What the password grant answers: tokens, or for a user with two-factor sign-in and no code, the
 * token of the second step (`mfa_required`), which with a code completes the sign-in (`mfaOtpGrant`).
 */
export type PasswordGrantOutcome =
  | { kind: "token"; token: IssuedToken }
  | { kind: "mfa_required"; mfaToken: string; expiresIn: number };

/**
 * `grant_type=password`: throttled, constant-shape failure for unknown users and wrong passwords. A
 * two-factor user never gets tokens from the password alone: with `secondFactor` (the request's `otp`
 * or `recovery_code`) it is checked at once (a wrong one is `invalid_otp`); without, a challenge is
 * opened. The password is checked first either way, so a right password without a code costs the same
 * hashing as a wrong one.
 */
export async function passwordGrant(
  db: Executor,
  input: {
    application: OauthApplication;
    email: string;
    password: string;
    address: string;
    now: Date;
    client?: SignInClient;
    /** A code from the app or a recovery code, for a two-factor user (scripts sign in in one call). */
    secondFactor?: string;
    /** Opens the sealed TOTP secrets (config.encryptionKey). */
    key?: Buffer | null;
  },
): Promise<PasswordGrantOutcome> {
  const email = input.email.trim().toLowerCase();
  const attempt = { email, address: input.address };
  const decision = await checkSignIn(db, attempt, input.now);
  if (!decision.allowed) throw tooManySignInAttempts(decision.retryAfterSeconds, decision.heldBack);

  const user = await findUserByEmail(db, email);
  const ok = user
    ? await verifyPassword(user.passwordDigest, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await recordSignInFailure(db, attempt, input.now);
    throw invalidGrant();
  }
  if (user.totpEnabledAt) {
    if (!input.secondFactor) {
      const mfaToken = await openMfaChallenge(db, {
        userId: user.id,
        applicationId: input.application.id,
        client: input.client,
        now: input.now,
      });
      return { kind: "mfa_required", mfaToken, expiresIn: MFA_TOKEN_TTL_SECONDS };
    }
    const outcome = await verifySecondFactor(db, {
      userId: user.id,
      code: input.secondFactor,
      key: input.key ?? null,
      now: input.now,
    });
    if (!outcome.ok) throw outcome.reason === "locked" ? tooManyCodeAttempts(outcome.retryAfterSeconds) : invalidOtp();
  }
  await recordSignInSuccess(db, attempt, input.now);
  const token = await issueToken(db, {
    userId: user.id,
    applicationId: input.application.id,
    now: input.now,
    client: input.client,
  });
  return { kind: "token", token };
}

/** Tries a sign-in's second step may have; then the password must be given again. */
export const MFA_CHALLENGE_MAX_ATTEMPTS = 5;

/** The second step of a two-factor sign-in: 256 random bits, stored hashed, bound to the user and client. */
async function openMfaChallenge(
  db: Executor,
  input: { userId: string; applicationId: string; client: SignInClient | undefined; now: Date },
): Promise<string> {
  const mfaToken = generateToken();
  await insertMfaChallenge(db, {
    userId: input.userId,
    applicationId: input.applicationId,
    tokenHash: hashToken(mfaToken),
    expiresAt: new Date(input.now.getTime() + MFA_TOKEN_TTL_SECONDS * 1000),
    ipAddress: input.client?.ipAddress ?? null,
    userAgent: input.client?.userAgent ?? null,
    now: input.now,
  });
  return mfaToken;
}

/**
 * `grant_type=urn:foreman:params:oauth:grant-type:mfa-otp`: the `mfa_token` of the password grant's
 * `mfa_required` with a code completes the sign-in. The token must be live (5 minutes), unused, the same
 * client's, and have had fewer than 5 tries (each try counts, atomically); otherwise `invalid_grant`
 * and the sign-in starts again. While the user's second factor is locked the answer is 429 and the try
 * is not counted. The session gets the address and browser of the password step.
 */
export async function mfaOtpGrant(
  db: Executor,
  input: {
    application: OauthApplication;
    mfaToken: string;
    code: string;
    key: Buffer | null;
    address: string;
    now: Date;
  },
): Promise<IssuedToken> {
  const { now } = input;
  const challenge = await findMfaChallengeByHash(db, hashToken(input.mfaToken));
  if (!challenge || challenge.applicationId !== input.application.id || challenge.usedAt || challenge.expiresAt <= now)
    throw invalidGrant();
  // The lock is told before the tries are counted: a try while locked spends none of them.
  const wait = await secondFactorLockSeconds(db, challenge.userId, now);
  if (wait > 0) throw tooManyCodeAttempts(wait);
  if (!(await claimMfaAttempt(db, challenge.id, MFA_CHALLENGE_MAX_ATTEMPTS, now))) throw invalidGrant();

  const outcome = await verifySecondFactor(db, { userId: challenge.userId, code: input.code, key: input.key, now });
  if (!outcome.ok) throw outcome.reason === "locked" ? tooManyCodeAttempts(outcome.retryAfterSeconds) : invalidOtp();
  const user = await findTwoFactorUser(db, challenge.userId);
  if (!user) throw invalidGrant();
  return db.transaction(async (tx) => {
    // Of two concurrent completions (say a code and a recovery code) only one gets tokens.
    if (!(await spendMfaChallenge(tx, challenge.id, now))) throw invalidGrant();
    await recordSignInSuccess(tx, { email: user.email, address: input.address }, now);
    return issueToken(tx, {
      userId: challenge.userId,
      applicationId: challenge.applicationId,
      now,
      client: { ipAddress: challenge.ipAddress, userAgent: challenge.userAgent },
    });
  });
}

/**
 * Told the sign-in (chain) of each token a grant or a revocation revoked, after the change committed,
 * so that in-memory caches on every instance forget its tokens (see token-user-cache.ts).
 */
export type OnRevoked = (chainId: string) => Promise<void>;

type RotationOutcome = { ok: true; token: IssuedToken } | { ok: false; revokeChainId?: string };

/**
 * A refresh token presented again within this many seconds of its rotation, while the pair it was
 * rotated into is still live, is a second browser tab or an answer lost in transit, not a theft:
 * it gets a pair of its own on the same chain instead of signing everybody out.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

/**
 * `grant_type=refresh_token`: rotates the pair (the old access and refresh tokens stop working).
 * Presenting a refresh token that was already rotated or revoked (outside the grace above) means it
 * leaked or was replayed: the whole chain from that sign-in is revoked.
 */
export async function refreshGrant(
  db: Executor,
  input: { application: OauthApplication; refreshToken: string; now: Date; onRevoked: OnRevoked },
): Promise<IssuedToken> {
  const presentedHash = hashToken(input.refreshToken);
  // The chain whose token this transaction revoked, announced once it has committed.
  let revokedChainId: string | null = null;
  const outcome = await db.transaction(async (tx): Promise<RotationOutcome> => {
    const row = await findByRefreshTokenHash(tx, presentedHash);
    if (!row || row.applicationId !== input.application.id) return { ok: false };
    if (row.refreshExpiresAt <= input.now) {
      if (await revokeIfLive(tx, row.id, input.now)) revokedChainId = row.chainId;
      return { ok: false };
    }
    // Conditional revoke: of two concurrent refreshes with the same token only one rotates it.
    if (await revokeIfLive(tx, row.id, input.now)) revokedChainId = row.chainId;
    else {
      const graceStart = new Date(input.now.getTime() - REFRESH_REUSE_GRACE_SECONDS * 1000);
      if (!(await findLiveSuccessor(tx, presentedHash, graceStart))) return { ok: false, revokeChainId: row.chainId };
    }
    const token = await issueToken(tx, {
      userId: row.userId,
      applicationId: row.applicationId,
      now: input.now,
      chainId: row.chainId,
      refreshExpiresAt: row.refreshExpiresAt,
      previousRefreshTokenHash: presentedHash,
      signedInAt: row.signedInAt,
      client: { ipAddress: row.ipAddress, userAgent: row.userAgent },
    });
    return { ok: true, token };
  });
  if (revokedChainId) await input.onRevoked(revokedChainId);
  if (outcome.ok) return outcome.token;
  if (outcome.revokeChainId) {
    await revokeChain(db, outcome.revokeChainId, input.now);
    await input.onRevoked(outcome.revokeChainId);
  }
  throw invalidGrant();
}

/**
 * RFC 7009: revokes the access token or refresh token given (and with it the other half of the
 * pair). Unknown tokens, and tokens of another client, are ignored so the answer never tells.
 */
export async function revokeToken(
  db: Executor,
  input: { application: OauthApplication; token: string; now: Date; onRevoked: OnRevoked },
): Promise<void> {
  const row = await findByEitherHash(db, hashToken(input.token));
  if (!row || row.applicationId !== input.application.id) return;
  if (await revokeIfLive(db, row.id, input.now)) await input.onRevoked(row.chainId);
}

/** When the access token stops working: created_at + expires_in, in ms. */
export function expiresAtMs(row: OauthAccessToken): number {
  return row.createdAt.getTime() + row.expiresIn * 1000;
}

/** Live = known, not revoked, and not past created_at + expires_in. */
export function isLive(row: OauthAccessToken, now: Date): boolean {
  return !row.revokedAt && now.getTime() < expiresAtMs(row);
}
