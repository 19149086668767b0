// Paths that belong to the API; everything else is the SPA (its pages and built files). /files/ serves
// attachments: a wrong URL there is a JSON 404, never the SPA's page.
const API_PREFIXES = ["/app/", "/oauth/", "/users", "/internal/", "/api/", "/files/", "/healthz", "/readyz"];

export function isApiPath(url: string): boolean {
  const pathname = url.split("?")[0] ?? url;
  return API_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, "") || pathname.startsWith(prefix));
}
