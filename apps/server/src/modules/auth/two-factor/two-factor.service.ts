import {
  INVALID_TWO_FACTOR_CODE,
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  TWO_FACTOR_NOT_ENABLED,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "@foreman/contract";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import type { Config } from "#server/config.ts";
import type { Db, Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { openSecret, sealSecret } from "#server/lib/secret-box.ts";
import type { EventBus } from "../../events/index.ts";
import type { JobQueue } from "../../jobs/index.ts";
import { appLink, queueAccountMail } from "../account-mail.ts";
import { tooManyCodeAttempts } from "../oauth-errors.ts";
import { hashRecoveryCode, totpFor, totpStep, verifySecondFactor } from "./second-factor.ts";
import {
  clearTwoFactor,
  companiesRequiringTwoFactor,
  confirmPendingSecret,
  countUnusedRecoveryCodes,
  findTwoFactorUser,
  replaceRecoveryCodes,
  setPendingSecret,
  type TwoFactorUser,
} from "./two-factor.repository.ts";

// Two-factor sign-in from the user's profile: enrol (a new secret, confirmed with a code before it is
// on), turn off and new recovery codes (each with a fresh code), and the status. The secret is sealed
// with the server's key (lib/secret-box.ts); recovery codes are kept as SHA-256 hashes only.

export type TwoFactorDeps = {
  db: Db;
  jobs: JobQueue;
  events: EventBus;
  config: Pick<Config, "encryptionKey" | "mail" | "appUrl">;
};

const ISSUER = "Foreman";

const unavailable = () =>
  httpError(409, "two_factor_unavailable", "Two-factor sign-in needs the server's ENCRYPTION_KEY to be set");
const alreadyOn = () =>
  httpError(409, "two_factor_enabled", "Two-factor sign-in is already on. Turn it off first to use another app.");
const notOn = () => httpError(409, "two_factor_not_enabled", TWO_FACTOR_NOT_ENABLED);
const noPendingSetup = () =>
  httpError(409, "two_factor_setup_missing", "Start the set-up again: there is no new secret waiting for a code.");
const wrongCode = () =>
  httpError(422, "validation_failed", INVALID_TWO_FACTOR_CODE, [{ field: "code", message: INVALID_TWO_FACTOR_CODE }]);
// The user was signed in a moment ago; gone since, their token dies with them.
const userGone = () =>
  httpError(401, "unauthorized", "The access token is invalid", undefined, { "www-authenticate": "Bearer" });

async function requireUser(db: Executor, userId: string): Promise<TwoFactorUser> {
  const user = await findTwoFactorUser(db, userId);
  if (!user) throw userGone();
  return user;
}

export async function getTwoFactorStatus(db: Executor, userId: string): Promise<TwoFactorStatus> {
  const user = await requireUser(db, userId);
  const [recoveryCodesLeft, requiredBy] = await Promise.all([
    user.totpEnabledAt ? countUnusedRecoveryCodes(db, userId) : Promise.resolve(0),
    companiesRequiringTwoFactor(db, userId),
  ]);
  return {
    enabled: user.totpEnabledAt !== null,
    enabledAt: user.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft,
    requiredBy,
  };
}

/** A new secret from a CSPRNG (160 bits), kept sealed until a code confirms it; any earlier one is replaced. */
export async function startTwoFactorSetup(deps: TwoFactorDeps, userId: string): Promise<TwoFactorSetup> {
  const key = deps.config.encryptionKey;
  if (!key) throw unavailable();
  const user = await requireUser(deps.db, userId);
  if (user.totpEnabledAt) throw alreadyOn();
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  if (!(await setPendingSecret(deps.db, userId, sealSecret(key, secret)))) throw alreadyOn();
  const otpauthUrl = totpFor(secret, user.email, ISSUER).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return {
    secret,
    otpauthUrl,
    qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/** Ten codes of 120 random bits each (ASVS 6.5.2 allows plain SHA-256 from 112), as 4 groups of 6. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const base32 = new OTPAuth.Secret({ size: 15 }).base32.toLowerCase();
    return base32.match(/.{6}/g)!.join("-");
  });
}

/**
 * Confirms the waiting secret with a code from the app: two-factor is on, the code's step is spent (it
 * cannot sign in a second time), ten recovery codes are made and the user is told by mail.
 */
export async function enableTwoFactor(
  deps: TwoFactorDeps,
  userId: string,
  code: string,
  now = new Date(),
): Promise<RecoveryCodes> {
  const key = deps.config.encryptionKey;
  if (!key) throw unavailable();
  const user = await requireUser(deps.db, userId);
  if (user.totpEnabledAt) throw alreadyOn();
  const sealed = user.totpPendingSecret;
  const secret = sealed ? openSecret(key, sealed) : null;
  if (!sealed || !secret) throw noPendingSetup();
  const step = totpStep(secret, code, now);
  if (step === null) throw wrongCode();

  const recoveryCodes = newRecoveryCodes();
  await deps.jobs.prepare();
  await deps.db.transaction(async (tx) => {
    if (!(await confirmPendingSecret(tx, { userId, sealed, step, now }))) throw noPendingSetup();
    await replaceRecoveryCodes(tx, userId, recoveryCodes.map(hashRecoveryCode), now);
    await queueAccountMail(tx, deps.jobs, deps.config, {
      to: user.email,
      subject: "Two-factor sign-in was turned on",
      text: turnedOnText(deps.config, user, now),
    });
  });
  await afterChange(deps, userId);
  return { recoveryCodes };
}

/** Checks a fresh code (app or recovery code) of a user with two-factor on; throws 409, 422 or 429. */
async function requireFreshCode(deps: TwoFactorDeps, user: TwoFactorUser, code: string, now: Date) {
  if (!user.totpEnabledAt) throw notOn();
  const outcome = await verifySecondFactor(deps.db, { userId: user.id, code, key: deps.config.encryptionKey, now });
  if (outcome.ok) return;
  if (outcome.reason === "locked") throw tooManyCodeAttempts(outcome.retryAfterSeconds);
  throw wrongCode();
}

/**
 * Turns two-factor off with a fresh code. A company that requires it does not stop this: the company
 * scope then refuses that company's data until it is on again (plugins/company-scope.ts).
 */
export async function disableTwoFactor(
  deps: TwoFactorDeps,
  userId: string,
  code: string,
  now = new Date(),
): Promise<TwoFactorStatus> {
  const user = await requireUser(deps.db, userId);
  await requireFreshCode(deps, user, code, now);
  await deps.jobs.prepare();
  await deps.db.transaction(async (tx) => {
    if (!(await clearTwoFactor(tx, userId))) throw notOn();
    await queueAccountMail(tx, deps.jobs, deps.config, {
      to: user.email,
      subject: "Two-factor sign-in was turned off",
      text: turnedOffText(deps.config, user, now),
    });
  });
  await afterChange(deps, userId);
  return getTwoFactorStatus(deps.db, userId);
}

/** New recovery codes with a fresh code: every earlier one, used or not, stops working. */
export async function regenerateRecoveryCodes(
  deps: TwoFactorDeps,
  userId: string,
  code: string,
  now = new Date(),
): Promise<RecoveryCodes> {
  const user = await requireUser(deps.db, userId);
  await requireFreshCode(deps, user, code, now);
  const recoveryCodes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    // Turned off meanwhile by another request: no codes for an account without two-factor.
    const current = await findTwoFactorUser(tx, userId);
    if (!current?.totpEnabledAt) throw notOn();
    await replaceRecoveryCodes(tx, userId, recoveryCodes.map(hashRecoveryCode), now);
  });
  return { recoveryCodes };
}

/** After the commit: send the mail now, and let every instance's access cache see the change. */
async function afterChange(deps: TwoFactorDeps, userId: string) {
  deps.jobs.wake();
  await deps.events.notify({ topic: "user.changed", userId });
}

type TextConfig = Pick<Config, "appUrl">;
const when = (now: Date) => `${now.toISOString().slice(0, 16).replace("T", " ")} UTC`;

function turnedOnText(config: TextConfig, user: TwoFactorUser, now: Date): string {
  return [
    `Hello ${user.firstName},`,
    "",
    `Two-factor sign-in was turned on for your Foreman account (${user.email}) at ${when(now)}.`,
    "From now on, signing in asks for a code from your authenticator app after your password.",
    "Keep your recovery codes somewhere safe: each one signs you in once if you lose your phone.",
    "",
    "If you did not do this, someone else may know your password: change it and check your account at",
    appLink(config, "/profile"),
  ].join("\n");
}

function turnedOffText(config: TextConfig, user: TwoFactorUser, now: Date): string {
  return [
    `Hello ${user.firstName},`,
    "",
    `Two-factor sign-in was turned off for your Foreman account (${user.email}) at ${when(now)}.`,
    "Signing in now asks only for your password, and your recovery codes no longer work.",
    "",
    "If you did not do this, sign in, change your password and turn two-factor sign-in back on at",
    appLink(config, "/profile"),
  ].join("\n");
}
