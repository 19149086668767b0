// Header names shared by the server and the browser's API client.
export const CLIENT_ID_HEADER = "X-Client-ID";
export const COMPANY_ID_HEADER = "X-Company-ID";

/** Token fields the server returns as response headers, exposed to the browser via CORS rules. */
export const TOKEN_HEADER_NAMES = [
  "access-token",
  "token-type",
  "expires-in",
  "refresh-token",
  "scope",
  "created-at",
] as const;

export const NO_COMPANY_ID_ERROR = "No company ID available";

/** The company id header must be a non-empty string after trimming. */
export function parseCompanyIdHeader(raw: unknown): string | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : null;
}
