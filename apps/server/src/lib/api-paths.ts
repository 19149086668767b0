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
  "/healthz",
  "/readyz",
];
// The API paths whose answers are data, never a document a browser renders (not the HTML API docs
// under /api/, not attachments under /files/).
const JSON_API_PREFIXES = ["/app/", "/oauth/", "/users", "/internal/", "/webhooks/", "/healthz", "/readyz"];

function startsWithAny(url: string, prefixes: readonly string[]): boolean {
  const pathname = url.split("?")[0] ?? url;
  return prefixes.some((prefix) => pathname === prefix.replace(/\/$/, "") || pathname.startsWith(prefix));
}

export function isApiPath(url: string): boolean {
  return startsWithAny(url, API_PREFIXES);
}

export function isJsonApiPath(url: string): boolean {
  return startsWithAny(url, JSON_API_PREFIXES);
}
