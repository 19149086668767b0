// Where to go after signing in or up: `/sign_in`, `/sign_up` and `/` carry a `redirect` that is
// followed only when it is a path on this site.

import { type RawSearch, withText } from "../search/search-params.ts";

export type RedirectSearch = { redirect?: string };

/** `/sign_in`, `/sign_up` and `/` carry where to go afterwards. */
export function parseRedirectSearch(search: RedirectSearch | RawSearch): RedirectSearch {
  return withText<RedirectSearch>({}, "redirect", (search as RawSearch).redirect);
}

/**
 * A redirect target is followed only when it is a path on this site ("/orders?state=sent"), never
 * another origin ("//evil.example", "https://…", "/\\evil.example") — an open redirect otherwise.
 */
export function isSameSitePath(value: unknown): value is string {
  if (typeof value !== "string" || !value.startsWith("/")) return false;
  if (value.startsWith("//") || value.startsWith("/\\")) return false;
  // Control characters (tab, newline) are stripped by URL parsers and could turn "/\t/x" into "//x".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what is being refused
  return !/[\u0000-\u001f\u007f]/.test(value);
}
