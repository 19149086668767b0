import {
  CLIENT_ID_HEADER,
  COMPANY_ID_HEADER,
  camelizeKeys,
  camelToSnake,
  isSessionExpired,
  isSessionValid,
  NO_COMPANY_ID_ERROR,
  parseCompanyIdHeader,
  type Session,
  sessionFromTokenBody,
  sessionFromTokenHeaders,
  snakeizeKeys,
  snakeToCamel,
  WEB_CLIENT_ID,
} from "@foreman/contract";
import { ApiError, type ApiErrorBody, NETWORK_ERROR, NETWORK_ERROR_STATUS, parseRetryAfter } from "./api-error.ts";
import { getSelectedCompany } from "./selected-company.ts";
import { deleteSession, readSession, writeSession } from "./session-cookie.ts";

// THE API client: client id, bearer, company header, snake/camel conversion once,
// refresh-before-call when the session has expired, and sign-out on any 401 of an authenticated call.

export { ApiError } from "./api-error.ts";

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** camelCase; sent as snake_case JSON. A FormData is sent as it is (multipart, e.g. a CSV import). */
  body?: unknown;
  /** Query string values; undefined and null are left out. camelCase keys become snake_case. */
  query?: Record<string, QueryValue>;
  /** Sends X-Company-ID (the selected company unless `companyId` is given); none → no call is made. */
  companyScoped?: boolean;
  companyId?: string;
  /** Set false for calls that must not carry the session (sign in, sign up). */
  authenticated?: boolean;
  signal?: AbortSignal;
  /**
   * "blob" returns a successful answer's raw bytes (PDF downloads); "stream" returns the successful
   * `Response` itself, body unread (the live event stream). Errors are still read as JSON.
   */
  responseType?: "json" | "blob" | "stream";
};

export type WithHeaders<T> = { body: T; headers: Headers };

let baseUrl = "";
let unauthorizedHandler: (() => void) | null = null;
let refreshing: Promise<Session | null> | null = null;

/** Only tests point the client elsewhere; the app calls its own origin. */
export function configureApiClient(options: { baseUrl: string }): void {
  baseUrl = options.baseUrl.replace(/\/$/, "");
}

/** The router registers where to go when the session is gone (sign in, keeping the current address). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(camelToSnake(key), String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ""}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// `details[].field` names a field as it was sent (`company_name`, `q[created_at_gteq]`); forms and
// fetchers name them in camelCase, so the names are converted here with the keys.
function camelizeDetails(details: unknown[]): unknown[] {
  return details.map((detail: unknown) =>
    detail && typeof detail === "object" && typeof (detail as { field?: unknown }).field === "string"
      ? { ...detail, field: snakeToCamel((detail as { field: string }).field) }
      : detail,
  );
}

function errorBody(payload: unknown, status: number): ApiErrorBody {
  const body = camelizeKeys<Record<string, unknown>>(payload);
  if (body && typeof body === "object" && typeof body.error === "string") {
    if (Array.isArray(body.details)) body.details = camelizeDetails(body.details);
    return body as ApiErrorBody;
  }
  return { error: "request_failed", errorDescription: `The server answered with status ${status}.` };
}

function failure(response: Response, payload: unknown): ApiError {
  return new ApiError(response.status, errorBody(payload, response.status), {
    retryAfterSeconds: parseRetryAfter(response.headers.get("retry-after")),
  });
}

function networkError(cause: unknown): ApiError {
  const error = new ApiError(NETWORK_ERROR_STATUS, {
    error: NETWORK_ERROR,
    errorDescription: "The server could not be reached.",
  });
  error.cause = cause;
  return error;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

function sessionExpiredError(): ApiError {
  return new ApiError(401, {
    error: "unauthorized",
    errorDescription: "Your session has expired. Please sign in again.",
  });
}

/** Revokes an access token with the server (RFC 7009); failures are ignored. */
export async function revokeAccessToken(token: string): Promise<void> {
  try {
    await fetch(buildUrl("/oauth/revoke.json"), {
      method: "POST",
      headers: { "Content-Type": "application/json", [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
      body: JSON.stringify({ token, client_id: WEB_CLIENT_ID }),
    });
  } catch {
    // Revoking is a courtesy to the server; the local session is gone either way.
  }
}

/** Revokes the access token (failure ignored), deletes the cookie and hands over to the router. */
async function endSession(session: Session): Promise<void> {
  // Parallel calls may all fail; only the first one still finds its token in the cookie.
  const stillStored = readSession()?.accessToken === session.accessToken;
  if (stillStored) deleteSession();
  unauthorizedHandler?.();
  if (stillStored) await revokeAccessToken(session.accessToken);
}

async function requestNewSession(stale: Session): Promise<Session | null> {
  // Another tab (or an earlier call) may have refreshed already: use its session.
  const current = readSession();
  if (current && current.accessToken !== stale.accessToken && !isSessionExpired(current)) return current;
  const refreshToken = current?.refreshToken ?? stale.refreshToken;
  if (!refreshToken) return null;

  let response: Response;
  try {
    response = await fetch(buildUrl("/oauth/token"), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", [CLIENT_ID_HEADER]: WEB_CLIENT_ID },
      body: JSON.stringify({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: WEB_CLIENT_ID }),
    });
  } catch (error) {
    // Offline is not a refused refresh: keep the session and let the call fail as a network error.
    throw networkError(error);
  }
  const payload = await readBody(response);
  if (response.ok) {
    const next = sessionFromTokenBody(camelizeKeys(payload)) ?? sessionFromTokenHeaders(response.headers);
    if (next) writeSession(next);
    return next;
  }
  // A server in trouble or throttling is not a verdict on the session either.
  if (response.status >= 500 || response.status === 429) throw failure(response, payload);
  // Refused: a racing tab may have rotated the refresh token and stored the new session meanwhile.
  const after = readSession();
  if (after && after.refreshToken !== refreshToken && !isSessionExpired(after)) return after;
  return null;
}

/** Single flight: parallel calls that find the session expired share one refresh. */
function refreshSession(stale: Session): Promise<Session | null> {
  refreshing ??= requestNewSession(stale).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function send(path: string, options: RequestOptions, isRetry = false): Promise<WithHeaders<unknown>> {
  const blob = options.responseType === "blob";
  const stream = options.responseType === "stream";
  const accept = blob ? "*/*" : stream ? "text/event-stream" : "application/json";
  const headers = new Headers({ Accept: accept, [CLIENT_ID_HEADER]: WEB_CLIENT_ID });

  if (options.companyScoped) {
    const companyId = parseCompanyIdHeader(options.companyId ?? getSelectedCompany()?.id);
    if (!companyId) throw new ApiError(400, { error: NO_COMPANY_ID_ERROR });
    headers.set(COMPANY_ID_HEADER, companyId);
  }

  let session = options.authenticated === false ? null : readSession();
  if (session && isSessionExpired(session)) {
    const refreshed = session.refreshToken ? await refreshSession(session) : null;
    if (!refreshed) {
      await endSession(session);
      throw sessionExpiredError();
    }
    session = refreshed;
  }
  if (session) headers.set("Authorization", `Bearer ${session.accessToken}`);

  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    // The browser writes the multipart Content-Type with its boundary.
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(snakeizeKeys(options.body));
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? "GET",
      headers,
      body,
      signal: options.signal,
      credentials: "same-origin",
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkError(error);
  }
  if (blob && response.ok) return { body: await response.blob(), headers: response.headers };
  if (stream && response.ok) return { body: response, headers: response.headers };
  const payload = await readBody(response);

  if (response.status === 401 && session) {
    // The cookie may hold a newer session than the one this call used (another tab refreshed): try once more.
    const current = readSession();
    const newerSession = current !== null && current.accessToken !== session.accessToken && isSessionValid(current);
    if (!isRetry && newerSession) return send(path, options, true);
    await endSession(session);
    throw new ApiError(401, errorBody(payload, 401));
  }
  if (!response.ok) throw failure(response, payload);
  return { body: camelizeKeys(payload), headers: response.headers };
}

/**
 * Calls the API and returns the camelCase body, or `{ body, headers }` with `withHeaders: true`
 * (sign-up reads the token headers). Failures are thrown as `ApiError` ({ ok: false, status, body });
 * a 401 on a call that carried the session also signs the browser out.
 */
export function apiRequest<T>(path: string, options: RequestOptions & { withHeaders: true }): Promise<WithHeaders<T>>;
export function apiRequest<T>(path: string, options?: RequestOptions & { withHeaders?: false }): Promise<T>;
export async function apiRequest(
  path: string,
  options: RequestOptions & { withHeaders?: boolean } = {},
): Promise<unknown> {
  const result = await send(path, options);
  return options.withHeaders ? result : result.body;
}
