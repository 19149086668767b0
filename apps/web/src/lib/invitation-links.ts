// Where an invitation link leads, for the pages on either side of it: the invitation page
// (features/team) and sign-up from an invitation (features/auth, on a cold load too: kept tiny).

/** The search key of /sign_up that carries an invitation's token. */
export const INVITATION_TOKEN_PARAM = "invitation_token";

/** The invitation page for a token: where signing in with the invited address comes back to. */
export function acceptInvitationHref(token: string): string {
  return `/accept_invitation?token=${encodeURIComponent(token)}`;
}
