import {
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_LINK_INVALID,
  EMAIL_TAKEN,
  type EmailChangeForm,
  type PasswordChangeForm,
  type Profile,
  type ProfilePatch,
  WRONG_CURRENT_PASSWORD,
} from "@foreman/contract";
import type { Config } from "#server/config.ts";
import type { Db, Executor } from "#server/db/client.ts";
import type { User } from "#server/db/schema/auth.ts";
import { httpError, notFound } from "#server/lib/http-error.ts";
import { orConflict } from "#server/lib/unique-violation.ts";
import type { EventBus } from "../../events/index.ts";
import type { JobQueue } from "../../jobs/index.ts";
import { appLink, queueAccountMail } from "../account-mail.ts";
import { tooManySignInAttempts } from "../oauth-errors.ts";
import { hashPassword, verifyPassword } from "../password.ts";
import { revokeUserTokens } from "../sessions/sessions.repository.ts";
import { announceRevoked } from "../sessions/sessions.service.ts";
import { checkSignIn, recordSignInFailure } from "../sign-in-throttle.ts";
import { generateToken, hashToken } from "../tokens.ts";
import { findUserByEmail } from "../users.repository.ts";
import { formInvalid } from "./account-form.ts";
import {
  claimEmailChange,
  deletePendingEmailChanges,
  findPendingEmail,
  findUserById,
  insertEmailChange,
  updatePasswordDigest,
  updateUserEmail,
  updateUserName,
} from "./profile.repository.ts";

// The signed-in user's own account: name, sign-in email (confirmed by a link to the new address, the
// old one told), password (every other session ends). Asking for the current password is counted like
// a sign-in (sign-in-throttle.ts), so a stolen session cannot be used to guess it.

export type ProfileContext = {
  db: Db;
  events: EventBus;
  queue: JobQueue;
  config: Pick<Config, "appUrl" | "mail">;
  userId: string;
  /** The caller's address (the throttle counts per client network). */
  address: string;
  now: Date;
};

export const SAME_EMAIL = "Is already your sign-in email";

export function toProfile(user: User, pendingEmail: string | null): Profile {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    pendingEmail,
    twoFactorEnabled: user.totpEnabledAt !== null,
    passwordChangedAt: user.passwordChangedAt?.toISOString() ?? null,
  };
}

/** The caller's row; a token outliving its user (deleted meanwhile) is answered like a dead token. */
export async function requireUser(db: Executor, userId: string): Promise<User> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound("No such user");
  return user;
}

export async function getProfile(db: Executor, userId: string, now: Date): Promise<Profile> {
  const user = await requireUser(db, userId);
  return toProfile(user, await findPendingEmail(db, userId, now));
}

export async function editProfile(ctx: ProfileContext, patch: ProfilePatch): Promise<Profile> {
  const user = await updateUserName(ctx.db, ctx.userId, patch, ctx.now);
  if (!user) throw notFound("No such user");
  // me.json and the shell show the name: every instance's cache forgets the old one.
  await ctx.events.notify({ topic: "user.changed", userId: ctx.userId });
  return toProfile(user, await findPendingEmail(ctx.db, ctx.userId, ctx.now));
}

/** The current password, checked and counted like a sign-in: a wrong one is a 422 on its field. */
async function checkCurrentPassword(ctx: ProfileContext, user: User, password: string): Promise<void> {
  const attempt = { email: user.email, address: ctx.address };
  const decision = await checkSignIn(ctx.db, attempt, ctx.now);
  if (!decision.allowed) throw tooManySignInAttempts(decision.retryAfterSeconds, decision.heldBack);
  if (await verifyPassword(user.passwordDigest, password)) return;
  await recordSignInFailure(ctx.db, attempt, ctx.now);
  throw formInvalid([{ field: "currentPassword", message: WRONG_CURRENT_PASSWORD }]);
}

/**
 * Asks for a new sign-in email: the new address gets a link that confirms it (24 hours, once), the
 * current one a notice. Nothing changes until the link is opened; a newer request replaces older ones.
 */
export async function requestEmailChange(ctx: ProfileContext, form: EmailChangeForm): Promise<Profile> {
  const user = await requireUser(ctx.db, ctx.userId);
  if (form.newEmail === user.email) throw formInvalid([{ field: "newEmail", message: SAME_EMAIL }]);
  // The password first: without it the answer says nothing about who else has an account.
  await checkCurrentPassword(ctx, user, form.currentPassword);
  if (await findUserByEmail(ctx.db, form.newEmail)) throw formInvalid([{ field: "newEmail", message: EMAIL_TAKEN }]);

  const token = generateToken();
  const expiresAt = new Date(ctx.now.getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000);
  await ctx.queue.prepare();
  await ctx.db.transaction(async (tx) => {
    await deletePendingEmailChanges(tx, user.id);
    await insertEmailChange(tx, { userId: user.id, newEmail: form.newEmail, tokenHash: hashToken(token), expiresAt });
    await queueAccountMail(tx, ctx.queue, ctx.config, {
      to: form.newEmail,
      subject: "Confirm your new Foreman sign-in email",
      text: [
        `Hello ${user.firstName},`,
        "",
        `You asked to sign in to Foreman with this address (${form.newEmail}) instead of ${user.email}.`,
        "Open this link to confirm it:",
        "",
        appLink(ctx.config, "/confirm_email", { token }),
        "",
        `The link works once, for ${EMAIL_CHANGE_TTL_HOURS} hours. If you did not ask for this, ignore this mail: nothing changes.`,
      ].join("\n"),
      eraseTextAfterSend: true,
    });
    await queueAccountMail(tx, ctx.queue, ctx.config, {
      to: user.email,
      subject: "Someone asked to change your Foreman sign-in email",
      text: [
        `Hello ${user.firstName},`,
        "",
        `Someone signed in to your Foreman account asked to change its sign-in email from ${user.email} to ${form.newEmail}.`,
        "It changes only when the link sent to the new address is opened.",
        "",
        "If this was not you, change your password now (and end your other sessions) in your profile:",
        appLink(ctx.config, "/profile"),
      ].join("\n"),
    });
  });
  ctx.queue.wake();
  return toProfile(user, form.newEmail);
}

const emailLinkInvalid = () => httpError(422, "invalid_token", EMAIL_LINK_INVALID);

/** The link from the new address: spends it and makes that address the user's sign-in email. */
export async function confirmEmailChange(
  db: Db,
  events: EventBus,
  token: string,
  now: Date,
): Promise<{ email: string }> {
  // A second user taking the address meanwhile: the unique index refuses it, answered like a dead link.
  const changed = await orConflict(
    () =>
      db.transaction(async (tx) => {
        const claimed = await claimEmailChange(tx, hashToken(token), now);
        if (!claimed) throw emailLinkInvalid();
        const holder = await findUserByEmail(tx, claimed.newEmail);
        if (holder && holder.id !== claimed.userId) throw emailLinkInvalid();
        const user = await updateUserEmail(tx, claimed.userId, claimed.newEmail, now);
        if (!user) throw emailLinkInvalid();
        await deletePendingEmailChanges(tx, user.id);
        return user;
      }),
    emailLinkInvalid,
  );
  await events.notify({ topic: "user.changed", userId: changed.id });
  return { email: changed.email };
}

/** A new password with the current one: every other session ends, the user is told by mail. */
export async function changePassword(
  ctx: ProfileContext,
  user: User,
  form: PasswordChangeForm,
  keepChainId: string | null,
): Promise<Profile> {
  await checkCurrentPassword(ctx, user, form.currentPassword);
  // Hashed before the transaction, so it holds no locks during the deliberate slowness.
  const digest = await hashPassword(form.password);
  await ctx.queue.prepare();
  const { updated, chainIds } = await ctx.db.transaction(async (tx) => {
    const updated = await updatePasswordDigest(tx, user.id, digest, ctx.now);
    if (!updated) throw notFound("No such user");
    const { chainIds } = await revokeUserTokens(tx, user.id, ctx.now, keepChainId ?? undefined);
    await queueAccountMail(tx, ctx.queue, ctx.config, {
      to: user.email,
      subject: "Your Foreman password was changed",
      text: passwordChangedText(user, ctx.config, "Every other session was signed out."),
    });
    return { updated, chainIds };
  });
  ctx.queue.wake();
  await announceRevoked(ctx.events, chainIds);
  return toProfile(updated, await findPendingEmail(ctx.db, user.id, ctx.now));
}

/** The notice of a new password (a change in the profile or a reset by email). */
export function passwordChangedText(
  user: Pick<User, "firstName" | "email">,
  config: Pick<Config, "appUrl">,
  sessions: string,
) {
  return [
    `Hello ${user.firstName},`,
    "",
    `The password of your Foreman account (${user.email}) was changed. ${sessions}`,
    "",
    "If this was not you, choose a new password at once with “Forgot your password?” on the sign-in page:",
    appLink(config, "/sign_in"),
  ].join("\n");
}
