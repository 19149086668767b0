// What the pages a mailed link opens (reset password, confirm email, accept an invitation) say, kept
// apart from their schemas: the web draws those pages on a cold load without zod.

/** A reset link that was used, expired or never existed: the reset page says so and offers a new one. */
export const RESET_LINK_INVALID = "This link has expired or was already used. Ask for a new one.";

/**
 * The reset of an account with two-factor sign-in needs a code too: without one (or with a wrong one)
 * the answer is 422 with this error, and the page asks for it.
 */
export const TWO_FACTOR_CODE_REQUIRED = "two_factor_required";

/** An email confirmation link that was used, expired, or whose address was taken meanwhile. */
export const EMAIL_LINK_INVALID = "This link has expired, was already used, or the address was taken meanwhile.";

export const INVITATION_INVALID = "This invitation has expired, was revoked or was already used.";
export const INVITATION_OTHER_EMAIL =
  "This invitation is for another email address. Sign out, then open the link again.";
