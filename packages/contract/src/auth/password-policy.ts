import { z } from "zod";
import { messages } from "../validation.ts";

// A new password (sign-up, change, reset): the generic length messages, then a check against the
// predictable. The server also refuses the most common passwords (modules/auth/password-policy.ts);
// this part runs in the browser too, so it stays small.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PASSWORD_TOO_PREDICTABLE = "Is too easy to guess: use a longer phrase or mix unrelated words";

/** True for passwords made of one repeated character or a run like 12345678 or abcdefgh. */
export function isPredictablePattern(password: string): boolean {
  const lower = password.toLowerCase();
  if (new Set(lower).size <= 2) return true;
  let ascending = 0;
  let descending = 0;
  for (let i = 1; i < lower.length; i++) {
    const step = lower.charCodeAt(i) - lower.charCodeAt(i - 1);
    if (step === 1) ascending++;
    if (step === -1) descending++;
  }
  return ascending >= lower.length - 2 || descending >= lower.length - 2;
}

export const newPasswordField = z
  .string({ error: messages.required })
  .min(1, { error: messages.required })
  .min(PASSWORD_MIN, { error: messages.minLength(PASSWORD_MIN) })
  .max(PASSWORD_MAX, { error: messages.maxLength(PASSWORD_MAX) })
  .refine((value) => !isPredictablePattern(value), { error: PASSWORD_TOO_PREDICTABLE });
