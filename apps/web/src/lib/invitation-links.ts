// Where an invitation link leads, for the pages on either side of it: the invitation page
// (features/team) and sign-up from an invitation (features/auth, on a cold load too: no imports here).

/** The search key of /sign_up that carries an invitation's token. */
export const INVITATION_TOKEN_PARAM = "invitation_token";

/** The invitation page for a token: where signing in with the invited address comes back to. */
export function acceptInvitationHref(token: string): string {
  return `/accept_invitation?token=${encodeURIComponent(token)}`;
}

/** An invitation token from a search value (the router reads a numeric-looking one as a number). */
export function invitationTokenFrom(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return undefined;
  const token = value.trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}
