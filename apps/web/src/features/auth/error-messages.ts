import { SIGN_IN_FAILED_MESSAGE } from "@foreman/contract";
import { describeError, isApiError, isNetworkError, NETWORK_ERROR_MESSAGE } from "#web/lib/api-error.ts";

function waitText(seconds: number | undefined): string {
  if (!seconds || seconds <= 0) return "a moment";
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** The 429 message, with how long to wait (from `retry-after`). */
export function tooManyAttemptsMessage(seconds: number | undefined): string {
  return `Too many attempts. Please wait ${waitText(seconds)} and try again.`;
}

/** The message shown above the sign-in form for a failed attempt. */
export function signInErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  if (isApiError(error)) {
    if (error.status === 429) return tooManyAttemptsMessage(error.retryAfterSeconds);
    if (error.body.error === "invalid_grant") return SIGN_IN_FAILED_MESSAGE;
  }
  return describeError(error);
}

/** The message shown above the sign-up form when the failure is not about one field. */
export function signUpErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  if (isApiError(error) && error.status === 429) return tooManyAttemptsMessage(error.retryAfterSeconds);
  return describeError(error);
}
