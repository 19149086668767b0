import { INVITATION_INVALID, type InvitationPreview } from "@foreman/contract";
import { apiRequest } from "./api-client.ts";
import { describeError, isApiError } from "./api-error.ts";

// What an invitation link leads to, before anyone accepts it: read by the invitation page (features/team)
// and by sign-up from an invitation (features/auth, which imports this file only when a link is opened).

/**
 * `POST /invitations/lookup.json` (public, so it never carries the session): the company, who invited,
 * the address and the role. A dead link answers 410 `invitation_invalid` with the message to show.
 */
export function lookupInvitation(token: string, signal?: AbortSignal): Promise<InvitationPreview> {
  return apiRequest<InvitationPreview>("/invitations/lookup.json", {
    method: "POST",
    authenticated: false,
    body: { token },
    signal,
  });
}

export type InvitationLookupOutcome =
  | { ok: true; preview: InvitationPreview }
  /** `dead`: expired, revoked or used (410); otherwise the lookup itself failed and may be tried again. */
  | { ok: false; dead: boolean; message: string };

/** The lookup as a page without the query cache reads it (sign-up from an invitation): never throws. */
export async function lookupInvitationOutcome(token: string): Promise<InvitationLookupOutcome> {
  try {
    return { ok: true, preview: await lookupInvitation(token) };
  } catch (error) {
    if (isApiError(error) && error.status === 410) {
      return { ok: false, dead: true, message: error.body.errorDescription ?? INVITATION_INVALID };
    }
    return { ok: false, dead: false, message: describeError(error) };
  }
}
