import {
  type InvitedSignUpForm,
  type Session,
  type SignUpForm,
  type SignUpResponse,
  sessionFromTokenBody,
  sessionFromTokenHeaders,
  WEB_CLIENT_ID,
} from "@foreman/contract";
import { ApiError, apiRequest, revokeAccessToken } from "#web/lib/api-client.ts";
import { clearSelectedCompany, setSelectedCompany } from "#web/lib/selected-company.ts";
import { deleteSession, readSession, writeSession } from "#web/lib/session-cookie.ts";

// Sign in, sign up and sign out. Each stores or clears the session cookie; the
// routes decide where to go next.

function unusableTokenResponse(): ApiError {
  return new ApiError(502, {
    error: "invalid_token_response",
    errorDescription: "The server's sign-in answer was incomplete. Please try again.",
  });
}

/**
 * `POST /oauth/token.json` with the password grant; stores the session. A two-factor account gets no
 * session from the password alone: the grant's 400 `mfa_required` is thrown as an ApiError carrying
 * `mfaToken`, which the code step completes (two-factor-sign-in.ts `twoFactorChallenge`).
 */
export async function signIn(email: string, password: string): Promise<Session> {
  const body = await apiRequest<unknown>("/oauth/token.json", {
    method: "POST",
    authenticated: false,
    body: { grantType: "password", username: email.trim(), password, clientId: WEB_CLIENT_ID },
  });
  const session = sessionFromTokenBody(body);
  if (!session) throw unusableTokenResponse();
  writeSession(session);
  return session;
}

/**
 * `POST /users.json`; the session comes from the token headers. The new company becomes the selected one;
 * from an invitation (`invitationToken`, no company fields) the company joined does.
 */
export async function signUp(form: SignUpForm | InvitedSignUpForm): Promise<SignUpResponse> {
  const { body, headers } = await apiRequest<SignUpResponse>("/users.json", {
    method: "POST",
    authenticated: false,
    body: { user: form },
    withHeaders: true,
  });
  const session = sessionFromTokenHeaders(headers);
  if (!session) throw unusableTokenResponse();
  writeSession(session);
  if (body?.company?.id) setSelectedCompany(body.company);
  return body;
}

type SignOutSteps = {
  /** Leaves the signed-in pages; runs once the cookie is gone (the sign-in page turns signed-in visitors away). */
  goToSignIn: () => Promise<unknown>;
  /** Drops every cached answer. */
  clearCache: () => void;
};

/**
 * Sign out: delete the cookie, go to /sign_in, then forget the selected company (the next
 * person on this browser starts clean) and the query cache, and revoke the token with the server
 * (its failure ignored). The order matters: clearing the selection or the cache while the
 * signed-in pages are still mounted would make them refetch without a session.
 */
export async function signOut({ goToSignIn, clearCache }: SignOutSteps): Promise<void> {
  const session = readSession();
  deleteSession();
  await goToSignIn();
  clearSelectedCompany();
  clearCache();
  if (session) await revokeAccessToken(session.accessToken);
}
