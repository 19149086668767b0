import { INVALID_TWO_FACTOR_CODE } from "@foreman/contract";
import { httpError } from "#server/lib/http-error.ts";

// OAuth error answers (RFC 6749 §5.2) in Doorkeeper's wording, rendered by the shared error handler.
export const INVALID_GRANT_DESCRIPTION =
  "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.";
export const INVALID_CLIENT_DESCRIPTION =
  "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.";
export const UNSUPPORTED_GRANT_DESCRIPTION =
  "The authorization grant type is not supported by the authorization server.";

export const invalidGrant = () => httpError(400, "invalid_grant", INVALID_GRANT_DESCRIPTION);
export const invalidClient = () => httpError(401, "invalid_client", INVALID_CLIENT_DESCRIPTION);
export const unsupportedGrantType = () => httpError(400, "unsupported_grant_type", UNSUPPORTED_GRANT_DESCRIPTION);

export const invalidRequest = (missing: string) =>
  httpError(
    400,
    "invalid_request",
    `The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed: ${missing}.`,
  );

/** 429 while the account (from this address) or the address itself must wait (throttle-policy.ts). */
export const tooManySignInAttempts = (retryAfterSeconds: number, heldBack: "account" | "address") =>
  httpError(
    429,
    "too_many_requests",
    `Too many sign-in attempts ${heldBack === "account" ? "for this account" : "from this address"}. Try again in ${retryAfterSeconds} seconds.`,
    undefined,
    { "retry-after": String(retryAfterSeconds) },
  );

/**
 * A two-factor user's code (`otp` or `recovery_code`) was wrong: 400 like OAuth's other errors (the
 * SPA's 401 handler would sign the user out), with its own code so the sign-in page asks again.
 */
export const invalidOtp = () => httpError(400, "invalid_otp", INVALID_TWO_FACTOR_CODE);

/** 429 while the user's second factor is locked after repeated wrong codes (two-factor/second-factor.ts). */
export const tooManyCodeAttempts = (retryAfterSeconds: number) =>
  httpError(429, "too_many_requests", `Too many wrong codes. Try again in ${retryAfterSeconds} seconds.`, undefined, {
    "retry-after": String(retryAfterSeconds),
  });
