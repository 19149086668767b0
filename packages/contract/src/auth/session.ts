import { z } from "zod";

// The browser session: kept in the `session` cookie.
export const SESSION_COOKIE_NAME = "session";
export const SESSION_COOKIE_MAX_AGE_DAYS = 30;

export const sessionSchema = z.object({
  accessToken: z.string().min(1),
  tokenType: z.string().min(1),
  expiresIn: z.number(),
  refreshToken: z.string().optional(),
  scope: z.string().optional(),
  createdAt: z.number(),
});
export type Session = z.infer<typeof sessionSchema>;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Expired when now is at or past createdAt + expiresIn. */
export function isSessionExpired(session: Session, now = nowSeconds()): boolean {
  return now >= session.createdAt + session.expiresIn;
}

/** Valid when it has an access token and either a refresh token or is not yet expired. */
export function isSessionValid(session: Session | null | undefined, now = nowSeconds()): boolean {
  if (!session?.accessToken) return false;
  return Boolean(session.refreshToken) || !isSessionExpired(session, now);
}

type HeaderSource = { get(name: string): string | null } | Record<string, string | undefined>;

function readHeader(source: HeaderSource, name: string): string | undefined {
  if (typeof (source as { get?: unknown }).get === "function") {
    return (source as { get(name: string): string | null }).get(name) ?? undefined;
  }
  return (source as Record<string, string | undefined>)[name];
}

/**
 * Builds a session from the hyphenated token headers (`access-token`, …). Accepted only when
 * access token, type, expiry, refresh token and creation time are all present.
 */
export function sessionFromTokenHeaders(headers: HeaderSource): Session | null {
  const accessToken = readHeader(headers, "access-token");
  const tokenType = readHeader(headers, "token-type");
  const expiresIn = Number(readHeader(headers, "expires-in"));
  const refreshToken = readHeader(headers, "refresh-token");
  const createdAt = Number(readHeader(headers, "created-at"));
  if (!accessToken || !tokenType || !refreshToken) return null;
  if (!Number.isFinite(expiresIn) || !Number.isFinite(createdAt)) return null;
  return { accessToken, tokenType, expiresIn, refreshToken, scope: readHeader(headers, "scope") ?? "", createdAt };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isNonEmptyString = (value: unknown): value is string => typeof value === "string" && value.length > 0;
const isOptionalString = (value: unknown) => value === undefined || typeof value === "string";

/**
 * Reads a Session out of unknown data (the cookie's JSON), or null; same rules as `sessionSchema`.
 * Written without zod because the browser runs it in the shell's initial bundle, which must stay
 * small (session-parse.test.ts checks it agrees with the schema).
 */
export function parseSession(value: unknown): Session | null {
  if (!isRecord(value)) return null;
  const { accessToken, tokenType, expiresIn, refreshToken, scope, createdAt } = value;
  if (!isNonEmptyString(accessToken) || !isNonEmptyString(tokenType)) return null;
  if (!Number.isFinite(expiresIn) || !Number.isFinite(createdAt)) return null;
  if (!isOptionalString(refreshToken) || !isOptionalString(scope)) return null;
  const session: Session = { accessToken, tokenType, expiresIn: expiresIn as number, createdAt: createdAt as number };
  if (refreshToken !== undefined) session.refreshToken = refreshToken as string;
  if (scope !== undefined) session.scope = scope as string;
  return session;
}

/** Builds a session from a token response body already converted to camelCase (refresh token required). */
export function sessionFromTokenBody(body: unknown): Session | null {
  const session = parseSession(body);
  return session && typeof session.refreshToken === "string" ? session : null;
}
