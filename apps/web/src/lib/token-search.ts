// `?token=` of the pages a mailed link opens (/reset_password, /confirm_email). Checked by hand, not
// with zod: a route's search validation loads with the shell, which must not grow.

/** Longer than any token the server makes: anything else is not one. */
export const LINK_TOKEN_MAX = 200;

export type TokenSearch = { token?: string };

export function parseTokenSearch(search: Record<string, unknown>): TokenSearch {
  // The router reads an all-digit value as a number: the token is text either way.
  const raw = typeof search.token === "number" && Number.isFinite(search.token) ? String(search.token) : search.token;
  if (typeof raw !== "string") return {};
  const token = raw.trim();
  return token && token.length <= LINK_TOKEN_MAX ? { token } : {};
}
