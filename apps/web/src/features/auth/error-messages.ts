import { INVALID_TWO_FACTOR_CODE, SIGN_IN_FAILED_MESSAGE } from "@foreman/contract";
import {
  describeError,
  isApiError,
  isNetworkError,
  NETWORK_ERROR_MESSAGE,
  tooManyAttemptsMessage,
} from "#web/lib/api-error.ts";

/** The message shown above the sign-in form for a failed attempt. */
export function signInErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  if (isApiError(error)) {
    if (error.status === 429) return tooManyAttemptsMessage(error.retryAfterSeconds);
    if (error.body.error === "invalid_grant") return SIGN_IN_FAILED_MESSAGE;
  }
  return describeError(error);
}

/** The second step's `mfa_token` is spent or too old (5 minutes): the password comes first again. */
export const TWO_FACTOR_EXPIRED_MESSAGE = "This sign-in has expired. Go back and enter your password again.";

/** A refused second step: a wrong code at the field; an expired step, throttling and the rest above the button. */
export function twoFactorErrorMessage(error: unknown): { field?: string; form?: string; expired?: boolean } {
  if (isApiError(error) && error.status !== 429) {
    if (error.body.error === "invalid_otp") return { field: error.body.errorDescription ?? INVALID_TWO_FACTOR_CODE };
    if (error.body.error === "invalid_grant") return { form: TWO_FACTOR_EXPIRED_MESSAGE, expired: true };
  }
  return { form: signInErrorMessage(error) };
}

/** The message shown above the sign-up form when the failure is not about one field. */
export function signUpErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  if (isApiError(error) && error.status === 429) return tooManyAttemptsMessage(error.retryAfterSeconds);
  return describeError(error);
}
