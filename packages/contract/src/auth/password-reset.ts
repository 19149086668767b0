import { z } from "zod";
import { emailField, messages } from "../validation.ts";
import { newPasswordField } from "./password-policy.ts";

// Forgot password (Devise's `/users/password` shape): ask for a link, then set a new password with it.

/** A reset link works this long, once. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/** The one answer to a reset request, whether or not the address has an account (no enumeration). */
export const FORGOT_PASSWORD_MESSAGE =
  "If that address has an account, we have sent it a link to choose a new password. The link works for 30 minutes.";

/** `POST /users/password.json`: `{ user: { email } }`. */
export const forgotPasswordFormSchema = z.object({ email: emailField });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;
export const forgotPasswordRequestSchema = z.object({ user: forgotPasswordFormSchema });

/** `POST /users/password.json` → 202, always this body. */
export const forgotPasswordResponseSchema = z.object({ message: z.string() });

/** The reset page's form. `otpCode` is asked for when the account has two-factor sign-in (a code or a recovery code). */
export const resetPasswordFormSchema = z
  .object({
    password: newPasswordField,
    passwordConfirmation: z.string({ error: messages.required }).min(1, { error: messages.required }),
    otpCode: z
      .string()
      .trim()
      .max(64, { error: messages.maxLength(64) })
      .optional(),
  })
  .refine((value) => value.password === value.passwordConfirmation, {
    path: ["passwordConfirmation"],
    error: messages.passwordsMustMatch,
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** `PUT /users/password.json`: `{ user: { reset_password_token, password, password_confirmation, otp_code? } }`. */
export const resetPasswordRequestSchema = z.object({
  user: z.object({
    resetPasswordToken: z.string({ error: messages.required }).min(1, { error: messages.required }).max(200),
    password: z.string().max(1000).optional(),
    passwordConfirmation: z.string().max(1000).optional(),
    otpCode: z.string().max(64).optional(),
  }),
});

/** `PUT /users/password.json` → 200. The user signs in afresh (no tokens are given here). */
export const resetPasswordResponseSchema = z.object({ email: z.string() });
