import { isPlainObject } from "@foreman/contract";

// Never log credentials. Headers are censored by pino's own redaction (exact paths, cheap); fields named
// like a secret anywhere near the top of a logged object are censored here. pino's wildcard paths
// (`*.password`) did the same but walked every logged object once per path: with six of them, a third
// of the cost of the request line every API call writes.

export const LOG_CENSOR = "[redacted]";

/** Exact paths for pino's `redact`: credentials in logged requests and responses. */
export const REDACTED_HEADER_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  'res.headers["access-token"]',
  'res.headers["refresh-token"]',
];

export const SECRET_FIELDS = new Set([
  "password",
  "password_confirmation",
  "passwordConfirmation",
  "access_token",
  "accessToken",
  "refresh_token",
  "refreshToken",
  "token",
  "access_key",
  "accessKey",
  "verify_token",
  "verifyToken",
  "client_secret",
  "clientSecret",
  "app_secret",
  "appSecret",
  "api_key",
  "apiKey",
  "secret",
  "authorization",
]);
const MAX_DEPTH = 4;

function censorIn(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const inner = value[key];
    let replaced = inner;
    if (SECRET_FIELDS.has(key)) replaced = LOG_CENSOR;
    else if (depth < MAX_DEPTH && isPlainObject(inner)) replaced = censorIn(inner, depth + 1);
    if (replaced !== inner) {
      copy ??= { ...value };
      copy[key] = replaced;
    }
  }
  return copy ?? value;
}

/**
 * pino's `formatters.log`: the logged object with secret-named fields censored, copying only the
 * objects that change, so a line without secrets costs a few key lookups.
 */
export function censorSecrets(object: Record<string, unknown>): Record<string, unknown> {
  return censorIn(object, 0);
}

// URL parameters whose values are credentials, by lower-cased name: OAuth's tokens and codes (an OAuth or
// embedded-signup `code` is exchanged for a token), API and access keys, Meta's webhook verification
// (`hub.verify_token`, and the `hub.challenge` echoed with it). Query names are matched decoded, and a
// bracketed one by its innermost name (q[token]); path parameters by the route's name for them
// (/files/:id/:accessKey/:fileName).
export const SECRET_PARAMETERS = new Set([
  "access_token",
  "refresh_token",
  "id_token",
  "token",
  "code",
  "key",
  "access_key",
  "accesskey",
  "api_key",
  "apikey",
  "client_secret",
  "password",
  "secret",
  "signature",
  "hub.verify_token",
  "verify_token",
  "hub.challenge",
]);

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " ")).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

function isSecretParameter(rawName: string): boolean {
  const name = decodedName(rawName);
  if (SECRET_PARAMETERS.has(name)) return true;
  const bracketed = /\[([^\]]*)\]$/.exec(name);
  return bracketed !== null && SECRET_PARAMETERS.has(bracketed[1]!);
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      return isSecretParameter(name) ? `${name}=${LOG_CENSOR}` : pair;
    })
    .join("&");
}

// Per route pattern, the positions of its path segments that are secret parameters (none: null).
const secretSegmentsByPattern = new Map<string, number[] | null>();

function secretSegmentsOf(pattern: string): number[] | null {
  let positions = secretSegmentsByPattern.get(pattern);
  if (positions === undefined) {
    positions = [];
    for (const [index, segment] of pattern.split("/").entries()) {
      // ":accessKey", ":id.json" or ":id(^\\d+)": the name is the word after the colon.
      const name = /^:(\w+)/.exec(segment)?.[1];
      if (name && SECRET_PARAMETERS.has(name.toLowerCase())) positions.push(index);
    }
    if (positions.length === 0) positions = null;
    secretSegmentsByPattern.set(pattern, positions);
  }
  return positions;
}

/**
 * The request URL as it may be logged: the values of secret query parameters, and of the matched
 * route's secret path parameters, replaced by the censor. `routePattern` is the route the router
 * matched (request.routeOptions.url), undefined when none did.
 */
export function redactUrl(url: string, routePattern: string | undefined): string {
  const queryStart = url.indexOf("?");
  let path = queryStart === -1 ? url : url.slice(0, queryStart);
  const secretSegments = routePattern === undefined ? null : secretSegmentsOf(routePattern);
  if (secretSegments) {
    const segments = path.split("/");
    for (const index of secretSegments) if (index < segments.length) segments[index] = LOG_CENSOR;
    path = segments.join("/");
  }
  return queryStart === -1 ? path : `${path}?${redactQuery(url.slice(queryStart + 1))}`;
}
