// Which errors mean "the database cannot be reached" (an outage: answer 503 and retry) rather than a
// bug or a bad request. Drizzle wraps the driver's error ("Failed query: …" with the pg error as its
// `cause`), so the whole cause chain is checked.

// Socket errors: refused, reset, timed out, no route.
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

// SQLSTATEs: class 08 (connection exception), and the server shutting down or starting up.
const SERVER_CODES = new Set(["57P01", "57P02", "57P03"]);

// pg and pg-pool report a lost or timed-out connection by message only.
const DRIVER_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "timeout expired",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
];

function isUnavailableCause(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  return DRIVER_MESSAGES.some((message) => error.message.startsWith(message));
}

/** True when `error` (or one of its causes) says the database is unreachable, down or restarting. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let depth = 0;
  for (let e: unknown = error; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if (isUnavailableCause(e)) return true;
  }
  return false;
}
