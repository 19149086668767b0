// The token a mailed link carries in its address: `?token=` of /reset_password, /confirm_email and
// /accept_invitation, and `?invitation_token=` of /sign_up. Checked by hand, not with zod: a route's
// search validation loads with the shell, which must not grow. No imports: the cold /sign_up uses it.

/** Longer than any token the server makes: anything else is not one. */
export const LINK_TOKEN_MAX = 200;

type TokenSearch = { token?: string };

/** A token from a search value, or undefined (the router reads an all-digit value as a number). */
export function linkTokenFrom(value: unknown): string | undefined {
  const raw = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  if (typeof raw !== "string") return undefined;
  const token = raw.trim();
  return token && token.length <= LINK_TOKEN_MAX ? token : undefined;
}

export function parseTokenSearch(search: Record<string, unknown>): TokenSearch {
  const token = linkTokenFrom(search.token);
  return token ? { token } : {};
}
