// Failures from the API client: an object with ok, status and body, as a class so the UI
// can tell it apart from programming errors and read `status`, `body.errorDescription`, `body.details`.

export type ApiErrorBody = {
  error: string;
  errorDescription?: string;
  details?: { field: string; message: string }[];
  [key: string]: unknown;
};

/** Status used when the server could not be reached at all. */
export const NETWORK_ERROR_STATUS = 0;
export const NETWORK_ERROR = "network_error";

export class ApiError extends Error {
  readonly ok = false as const;
  readonly status: number;
  readonly body: ApiErrorBody;
  /** From a 429's `retry-after` header: how long to wait before trying again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: ApiErrorBody, options: { retryAfterSeconds?: number } = {}) {
    super(body.errorDescription ?? body.error);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNetworkError(error: unknown): boolean {
  return isApiError(error) && error.status === NETWORK_ERROR_STATUS;
}

/** 4xx answers will not change on a retry; network failures and 5xx might. */
export function isClientError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * A failure the screen already explains, so no toast should repeat it: a 401 (the session handling
 * sends the user to sign in) or a company's "requires two-factor" 403 (the shell's gate says so,
 * components/layout/two-factor-gate.tsx).
 */
export function isExplainedElsewhere(error: unknown): boolean {
  return (
    isUnauthorized(error) || (isApiError(error) && error.status === 403 && error.body.error === "two_factor_required")
  );
}

function waitText(seconds: number | undefined): string {
  if (!seconds || seconds <= 0) return "a moment";
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** A 429's message, with how long to wait (from `retry-after`). */
export function tooManyAttemptsMessage(seconds: number | undefined): string {
  return `Too many attempts. Please wait ${waitText(seconds)} and try again.`;
}

export const GENERIC_ERROR_MESSAGE = "We're sorry, but something unexpected happened. Please try again.";
export const NETWORK_ERROR_MESSAGE = "We couldn't reach the server. Check your connection and try again.";

/** A sentence to show a person for any failure. */
export function describeError(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  if (isApiError(error)) {
    if (error.status >= 500) return GENERIC_ERROR_MESSAGE;
    return error.body.errorDescription ?? error.body.error;
  }
  return GENERIC_ERROR_MESSAGE;
}

/** `retry-after` is either seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
