import {
  INVALID_TWO_FACTOR_CODE,
  PASSWORD_RESET_TTL_MINUTES,
  RESET_LINK_INVALID,
  resetPasswordFormSchema,
  TWO_FACTOR_CODE_REQUIRED,
} from "@foreman/contract";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import type { EventBus } from "../../events/index.ts";
import type { JobQueue } from "../../jobs/index.ts";
import { appLink, queueAccountMail } from "../account-mail.ts";
import { tooManyCodeAttempts } from "../oauth-errors.ts";
import { hashPassword } from "../password.ts";
import { newPasswordErrors } from "../password-policy.ts";
import { checkForm } from "../profile/account-form.ts";
import { findUserById, updatePasswordDigest } from "../profile/profile.repository.ts";
import { passwordChangedText } from "../profile/profile.service.ts";
import { revokeUserTokens } from "../sessions/sessions.repository.ts";
import { announceRevoked } from "../sessions/sessions.service.ts";
import { generateToken, hashToken } from "../tokens.ts";
import { verifySecondFactor } from "../two-factor/second-factor.ts";
import { findUserByEmail } from "../users.repository.ts";
import {
  claimResetToken,
  deleteOtherResetTokens,
  deleteUnusedResetTokens,
  findLiveResetToken,
  insertResetToken,
} from "./password-reset.repository.ts";
import {
  countRequest,
  RESET_MAILS_PER_ADDRESS,
  RESET_REQUESTS_PER_NETWORK,
  resetEmailKey,
  resetNetworkKey,
} from "./reset-limits.ts";

// Forgot password (OWASP's cheat sheet): the request is answered the same whether or not the address
// has an account, and does the same work up to the one read that tells; the link is 256 random bits,
// kept only as a hash, works once for 30 minutes; the reset checks the new password before it spends
// the link, asks a two-factor user for a code, revokes every token and signs nobody in.

export type ResetContext = {
  db: Db;
  events: EventBus;
  queue: JobQueue;
  config: Pick<Config, "appUrl" | "mail" | "encryptionKey">;
  /** The client's address as the request saw it. */
  ip: string;
  now: Date;
};

const tooManyRequests = (retryAfterSeconds: number) =>
  httpError(
    429,
    "too_many_requests",
    `Too many password reset requests from this address. Try again in ${retryAfterSeconds} seconds.`,
    undefined,
    { "retry-after": String(retryAfterSeconds) },
  );

/** `POST /users/password.json`: mails a reset link when the address has an account and its limit allows. */
export async function requestPasswordReset(ctx: ResetContext, email: string): Promise<void> {
  const { db, queue, now } = ctx;
  const network = await countRequest(db, resetNetworkKey(ctx.ip), now);
  if (network.count > RESET_REQUESTS_PER_NETWORK) throw tooManyRequests(network.retryAfterSeconds);
  // Counted for every address, known or not, so both branches write the same.
  const mails = await countRequest(db, resetEmailKey(email), now);
  await queue.prepare();
  const user = await findUserByEmail(db, email);
  if (!user || mails.count > RESET_MAILS_PER_ADDRESS) return;

  const token = generateToken();
  await db.transaction(async (tx) => {
    await deleteUnusedResetTokens(tx, user.id);
    await insertResetToken(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      requestedFrom: ctx.ip || null,
    });
    await queueAccountMail(tx, queue, ctx.config, {
      to: user.email,
      subject: "Reset your Foreman password",
      text: [
        `Hello ${user.firstName},`,
        "",
        `Someone asked to reset the password of your Foreman account (${user.email}). Choose a new one here:`,
        "",
        appLink(ctx.config, "/reset_password", { token }),
        "",
        `The link is valid ${PASSWORD_RESET_TTL_MINUTES} minutes and works once. If you did not ask, ignore this mail: your password stays as it is.`,
      ].join("\n"),
      eraseTextAfterSend: true,
    });
  });
  queue.wake();
}

export type ResetRequest = {
  resetPasswordToken: string;
  password?: string | undefined;
  passwordConfirmation?: string | undefined;
  otpCode?: string | undefined;
};

const linkInvalid = () => httpError(422, "invalid_token", RESET_LINK_INVALID);

/**
 * `PUT /users/password.json`: a new password by the mailed link. Refusals before the last step leave the
 * link as it was (a weak password or a missing code must not burn it); the link is spent in the same
 * transaction that sets the password and revokes every token of the user.
 */
export async function resetPassword(ctx: ResetContext, request: ResetRequest): Promise<{ email: string }> {
  const { db, now } = ctx;
  const tokenHash = hashToken(request.resetPasswordToken);
  const link = await findLiveResetToken(db, tokenHash, now);
  const user = link && (await findUserById(db, link.userId));
  if (!link || !user) throw linkInvalid();

  const form = checkForm(resetPasswordFormSchema, request, () =>
    typeof request.password === "string" ? newPasswordErrors(request.password, user) : [],
  );
  if (user.totpEnabledAt) await requireSecondFactor(ctx, user.id, form.otpCode);

  // Hashed before the transaction, so it holds no locks during the deliberate slowness.
  const digest = await hashPassword(form.password);
  await ctx.queue.prepare();
  const chainIds = await db.transaction(async (tx) => {
    const claimed = await claimResetToken(tx, tokenHash, now);
    // Spent by a concurrent reset since it was read.
    if (!claimed || claimed.userId !== user.id) throw linkInvalid();
    await updatePasswordDigest(tx, user.id, digest, now);
    await deleteOtherResetTokens(tx, user.id, claimed.id);
    const { chainIds } = await revokeUserTokens(tx, user.id, now);
    await queueAccountMail(tx, ctx.queue, ctx.config, {
      to: user.email,
      subject: "Your Foreman password was changed",
      text: passwordChangedText(user, ctx.config, "Every session was signed out: sign in again with the new password."),
    });
    return chainIds;
  });
  ctx.queue.wake();
  await announceRevoked(ctx.events, chainIds);
  return { email: user.email };
}

/**
 * A reset does not get around two-factor sign-in: without a code the page is told to ask for one; a
 * wrong code counts against the user's second factor like any other (second-factor.ts), in its own
 * writes, so refusing the reset does not undo the count.
 */
async function requireSecondFactor(ctx: ResetContext, userId: string, code: string | undefined): Promise<void> {
  if (!code)
    throw httpError(
      422,
      TWO_FACTOR_CODE_REQUIRED,
      "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
    );
  const outcome = await verifySecondFactor(ctx.db, { userId, code, key: ctx.config.encryptionKey, now: ctx.now });
  if (outcome.ok) return;
  if (outcome.reason === "locked") throw tooManyCodeAttempts(outcome.retryAfterSeconds);
  throw httpError(422, TWO_FACTOR_CODE_REQUIRED, INVALID_TWO_FACTOR_CODE, [
    { field: "otpCode", message: INVALID_TWO_FACTOR_CODE },
  ]);
}
