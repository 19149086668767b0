// Paths that belong to the API; everything else is the SPA (its pages and built files). /files/ serves
// attachments: a wrong URL there is a JSON 404, never the SPA's page. /webhooks/ is what Meta calls.
const API_PREFIXES = [
  "/app/",
  "/oauth/",
  "/users",
  "/internal/",
  "/api/",
  "/files/",
  "/webhooks/",
  "/widget/v1/",
  "/healthz",
  "/readyz",
];
// The API paths whose answers are data, never a document a browser renders (not the HTML API docs
// under /api/, not attachments under /files/).
const JSON_API_PREFIXES = [
  "/app/",
  "/oauth/",
  "/users",
  "/internal/",
  "/webhooks/",
  "/widget/v1/",
  "/healthz",
  "/readyz",
];

/** A test for "the path is one of these prefixes, or starts with one"; "/app/" also matches "/app". */
function pathMatcher(prefixes: readonly string[]): (url: string) => boolean {
  // Asked on every request (the security headers, the rate limit): built once, no allocation per call.
  const exact = new Set(prefixes.map((prefix) => prefix.replace(/\/$/, "")));
  return (url) => {
    const query = url.indexOf("?");
    const pathname = query === -1 ? url : url.slice(0, query);
    if (exact.has(pathname)) return true;
    for (const prefix of prefixes) if (pathname.startsWith(prefix)) return true;
    return false;
  };
}

export const isApiPath = pathMatcher(API_PREFIXES);
export const isJsonApiPath = pathMatcher(JSON_API_PREFIXES);
