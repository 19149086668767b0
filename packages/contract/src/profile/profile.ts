import { z } from "zod";
import { NAME_MAX } from "../auth/credentials.ts";
import { newPasswordField } from "../auth/password-policy.ts";
import { emailField, messages, requiredText } from "../validation.ts";

// The signed-in user's own account (/profile and the profile tab of settings). Not company-scoped.

/** `PATCH /app/profile.json`. */
export const profilePatchSchema = z.object({
  firstName: requiredText(1, NAME_MAX),
  lastName: requiredText(1, NAME_MAX),
});
export type ProfilePatch = z.infer<typeof profilePatchSchema>;

/** `GET`/`PATCH /app/profile.json`. */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** A new address waiting for its confirmation link, or null. */
  pendingEmail: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  passwordChangedAt: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

const currentPassword = z.string({ error: messages.required }).min(1, { error: messages.required }).max(1000);

/** An email change confirmation link works this long. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
export const EMAIL_CHANGE_SENT =
  "We sent a link to the new address. Your sign-in email changes when you open it (within 24 hours).";
export const EMAIL_TAKEN = "Is already used by another account";
export const WRONG_CURRENT_PASSWORD = "Is not your current password";

/** `POST /app/profile/email_change.json` → 202 with the profile (its `pendingEmail` set). */
export const emailChangeSchema = z.object({ newEmail: emailField, currentPassword });
export type EmailChangeForm = z.infer<typeof emailChangeSchema>;

/** `POST /users/email_confirmation.json`: the token from the link sent to the new address. */
export const emailConfirmationRequestSchema = z.object({
  token: z.string({ error: messages.required }).min(1, { error: messages.required }).max(200),
});
export const emailConfirmationResponseSchema = z.object({ email: z.string() });

/** `PUT /app/profile/password.json`: every other session is signed out. */
export const passwordChangeSchema = z
  .object({
    currentPassword,
    password: newPasswordField,
    passwordConfirmation: z.string({ error: messages.required }).min(1, { error: messages.required }),
  })
  .refine((value) => value.password === value.passwordConfirmation, {
    path: ["passwordConfirmation"],
    error: messages.passwordsMustMatch,
  });
export type PasswordChangeForm = z.infer<typeof passwordChangeSchema>;
