import { z } from "zod";
import { COMPANY_LANGUAGES } from "../companies/language.ts";
import { emailField, messages, requiredText } from "../validation.ts";
import { newPasswordField } from "./password-policy.ts";

export const NAME_MAX = 50;
export const COMPANY_NAME_MIN = 2;
export const COMPANY_NAME_MAX = 100;

export const SIGN_IN_FAILED_MESSAGE = "Invalid username or password. Please try again.";

/** The sign-in form. Only presence is checked: a wrong password must not be told apart from a bad format. */
export const signInFormSchema = z.object({
  email: z.string().trim().min(1, { error: messages.required }),
  password: z.string().min(1, { error: messages.required }),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

/** The sign-up form and the `user` object of `POST /users.json`. */
export const signUpSchema = z
  .object({
    firstName: requiredText(1, NAME_MAX),
    lastName: requiredText(1, NAME_MAX),
    email: emailField,
    password: newPasswordField,
    passwordConfirmation: z.string({ error: messages.required }).min(1, { error: messages.required }),
    companyName: requiredText(COMPANY_NAME_MIN, COMPANY_NAME_MAX),
    /** The new company's language: its department names, standard skills and hiring presets. */
    companyLanguage: z
      .enum(COMPANY_LANGUAGES, { error: `Must be one of ${COMPANY_LANGUAGES.join(", ")}` })
      .default("en"),
  })
  .refine((value) => value.password === value.passwordConfirmation, {
    path: ["passwordConfirmation"],
    error: messages.passwordsMustMatch,
  });
export type SignUpForm = z.infer<typeof signUpSchema>;
/** What the sign-up form holds before validation (the company language may be left out). */
export type SignUpFormInput = z.input<typeof signUpSchema>;

export const signUpRequestSchema = z.object({ user: signUpSchema });

/**
 * Sign-up from an invitation link (`POST /users.json` with `invitation_token`): no company is made, the
 * account joins the inviting one, and its email must be the invited address.
 */
export const invitedSignUpSchema = z
  .object({
    firstName: requiredText(1, NAME_MAX),
    lastName: requiredText(1, NAME_MAX),
    email: emailField,
    password: newPasswordField,
    passwordConfirmation: z.string({ error: messages.required }).min(1, { error: messages.required }),
    invitationToken: z.string({ error: messages.required }).min(1, { error: messages.required }).max(200),
  })
  .refine((value) => value.password === value.passwordConfirmation, {
    path: ["passwordConfirmation"],
    error: messages.passwordsMustMatch,
  });
export type InvitedSignUpForm = z.infer<typeof invitedSignUpSchema>;
