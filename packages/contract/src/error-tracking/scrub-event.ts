import { isPlainObject } from "../http/case.ts";

// What leaves for the error tracker (Sentry, GlitchTip) is cleaned here first, by the server and the
// browser alike: no credential, no email address, no request body, no customer's words. The service is
// another company's computer; what it never receives it can never leak.

/** What a removed value becomes: Sentry's own word for it, so the service shows it as filtered. */
export const FILTERED = "[Filtered]";

// Field names are compared lower-cased without "_", "-" or spaces: accessToken, access_token and
// Access-Token are one name. A name containing one of these parts holds a credential (the server's log
// redaction list, lib/log-redaction.ts, is checked against this in the server's tests).
const SECRET_NAME_PARTS = [
  "password",
  "passwd",
  "passphrase",
  "secret",
  "token",
  "authorization",
  "cookie",
  "apikey",
  "accesskey",
  "privatekey",
  "signature",
  "credential",
  "challenge",
];
// Short names that are credentials only when they are the whole name (an OAuth `code`, an OTP).
const SECRET_NAMES = new Set(["code", "key", "otp", "session", "sessionid"]);
// What customers and staff write: a message's text and body, an email's HTML. Never sent, whatever it says.
const CONTENT_NAMES = new Set(["body", "content", "contents", "text", "html", "messagetext", "transcript"]);

const normalizedName = (name: string) => name.toLowerCase().replace(/[-_\s]/g, "");

/** A field or header name whose value is a credential. */
export function isSecretName(name: string): boolean {
  const normalized = normalizedName(name);
  return SECRET_NAMES.has(normalized) || SECRET_NAME_PARTS.some((part) => normalized.includes(part));
}

const isContentName = (name: string) => CONTENT_NAMES.has(normalizedName(name));

// A stack frame's location names our code, not anyone's input: kept as it is (a long function name is
// not a token). Its source lines are cleaned like any text.
const CODE_LOCATION_NAMES = new Set(["function", "module", "filename", "abs_path"]);

// A query or form parameter named like a credential: `?token=…`, `&q[password]=…`, `code=…` at the start.
const SECRET_PARAMETER =
  /(^|[?&#;\s])((?:[\w.[\]%-]*?(?:password|passwd|secret|token|signature|api_?key|access_?key|challenge)[\w.[\]%-]*|code|key|otp)=)[^&#\s"'<>]*/gi;
// The same in JSON text quoted inside a message: "password":"…".
const SECRET_JSON_MEMBER =
  /("[^"]*(?:password|passwd|secret|token|authorization|cookie|api_?key)[^"]*"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const AUTHORIZATION_VALUE = /\b(Bearer|Basic|Token|Digest)\s+[A-Za-z0-9._~+/=-]{16,}/gi;
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
// A run of 32 or more letters, digits, "_" and "-" in both cases: a random token such as the API's bearer
// tokens (43 characters of base64url). Trace ids and content hashes are lower-case hex: kept.
const RANDOM_TOKEN = /(?<![\w-])(?=[\w-]*[A-Z])(?=[\w-]*[a-z])[\w-]{32,}(?![\w-])/g;
// Drizzle's "Failed query: <sql>\nparams: <values>": the values are what was written (a message's text).
const QUERY_PARAMS = /(\bparams:)[\s\S]*$/;

// Longer texts are cut first: the SDKs cut them anyway, and the patterns need not walk megabytes.
const MAX_TEXT = 16_384;

/** A text with credentials, email addresses and query values replaced by FILTERED. */
export function scrubString(text: string): string {
  return (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text)
    .replace(QUERY_PARAMS, `$1 ${FILTERED}`)
    .replace(SECRET_JSON_MEMBER, `$1"${FILTERED}"`)
    .replace(SECRET_PARAMETER, `$1$2${FILTERED}`)
    .replace(AUTHORIZATION_VALUE, `$1 ${FILTERED}`)
    .replace(JWT, FILTERED)
    .replace(EMAIL, FILTERED)
    .replace(RANDOM_TOKEN, FILTERED);
}

// Deeper than any event the SDKs build: what lies below is dropped rather than walked.
const MAX_DEPTH = 16;

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return scrubString(value);
  if (depth > MAX_DEPTH) return FILTERED;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (CODE_LOCATION_NAMES.has(key)) out[key] = inner;
    else if (inner !== null && inner !== undefined && (isSecretName(key) || isContentName(key))) out[key] = FILTERED;
    else out[key] = scrubValue(inner, depth + 1);
  }
  return out;
}

type Loose = Record<string, unknown>;
const asObject = (value: unknown): Loose | undefined => (isPlainObject(value) ? value : undefined);

/** Headers without the credential-carrying ones (Authorization, Cookie, Set-Cookie, X-…-Token…). */
function withoutSecretHeaders(headers: unknown): unknown {
  const given = asObject(headers);
  if (!given) return headers;
  return Object.fromEntries(Object.entries(given).filter(([name]) => !isSecretName(name)));
}

/** Sentry's query_string may be text, an object, or [name, value] pairs. */
function scrubQuery(query: unknown): unknown {
  if (!Array.isArray(query)) return query;
  return query.map((pair) =>
    Array.isArray(pair) && typeof pair[0] === "string" && isSecretName(pair[0]) ? [pair[0], FILTERED] : pair,
  );
}

function scrubRequest(request: Loose): Loose {
  // The body, cookies and the server's environment (the client's address) never leave.
  const { data: _data, cookies: _cookies, env: _env, ...kept } = request;
  if ("headers" in kept) kept.headers = withoutSecretHeaders(kept.headers);
  if ("query_string" in kept) kept.query_string = scrubQuery(kept.query_string);
  return kept;
}

function withoutLocalVariables(exception: Loose): Loose {
  const values = exception.values;
  if (!Array.isArray(values)) return exception;
  return {
    ...exception,
    values: values.map((value) => {
      const frames = asObject(asObject(value)?.stacktrace)?.frames;
      if (!Array.isArray(frames)) return value;
      const stacktrace = asObject(value.stacktrace)!;
      return {
        ...value,
        stacktrace: { ...stacktrace, frames: frames.map((frame) => omit(asObject(frame), "vars") ?? frame) },
      };
    }),
  };
}

function omit(object: Loose | undefined, key: string): Loose | undefined {
  if (!object) return undefined;
  const { [key]: _dropped, ...rest } = object;
  return rest;
}

/** Console breadcrumbs keep their (cleaned) message, not the logged values themselves. */
function withoutConsoleArguments(breadcrumb: unknown): unknown {
  const crumb = asObject(breadcrumb);
  const data = asObject(crumb?.data);
  return crumb && data && crumb.category === "console" ? { ...crumb, data: omit(data, "arguments") } : breadcrumb;
}

/**
 * A breadcrumb as it may be kept: console arguments dropped (the message stays, cleaned), URLs without
 * credential values, no email address or token anywhere. Null stays null (a dropped breadcrumb).
 */
export function scrubBreadcrumb<T>(breadcrumb: T): T {
  return scrubValue(withoutConsoleArguments(breadcrumb), 0) as T;
}

/**
 * An event (error, transaction, replay) as it may leave: request bodies, cookies and credential headers
 * dropped, the user reduced to an id, local variables dropped, credential-named fields and message
 * contents replaced, and every text cleaned by scrubString. Returns a new event; the given one is unchanged.
 */
export function scrubEvent<T>(event: T): T {
  const given = asObject(event);
  if (!given) return event;
  const copy: Loose = { ...given };
  const request = asObject(copy.request);
  if (request) copy.request = scrubRequest(request);
  const user = asObject(copy.user);
  if (user) {
    if (user.id === undefined || user.id === null) delete copy.user;
    else copy.user = { id: user.id };
  }
  const exception = asObject(copy.exception);
  if (exception) copy.exception = withoutLocalVariables(exception);
  if (Array.isArray(copy.breadcrumbs)) copy.breadcrumbs = copy.breadcrumbs.map(withoutConsoleArguments);
  return scrubValue(copy, 0) as T;
}
