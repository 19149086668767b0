import {
  MFA_OTP_GRANT_TYPE,
  type MfaRequired,
  type Session,
  sessionFromTokenBody,
  WEB_CLIENT_ID,
} from "@foreman/contract";
import { ApiError, apiRequest } from "#web/lib/api-client.ts";
import { isApiError } from "#web/lib/api-error.ts";
import { writeSession } from "#web/lib/session-cookie.ts";

// The sign-in's second step. A two-factor account's password grant answers 400 `mfa_required` with a
// short-lived `mfa_token` instead of tokens (signIn throws it as an ApiError); the code from the app, or
// a recovery code, completes it through the MFA grant, whose answer is the password grant's.

/** What the code step needs from the password grant's answer. */
export type TwoFactorChallenge = Pick<MfaRequired, "mfaToken" | "mfaTokenExpiresIn">;

/** The challenge when a failed password grant is one, else null. */
export function twoFactorChallenge(error: unknown): TwoFactorChallenge | null {
  if (!isApiError(error) || error.body.error !== "mfa_required") return null;
  const { mfaToken, mfaTokenExpiresIn } = error.body;
  if (typeof mfaToken !== "string" || !mfaToken) return null;
  return { mfaToken, mfaTokenExpiresIn: typeof mfaTokenExpiresIn === "number" ? mfaTokenExpiresIn : 0 };
}

/** The second factor: the app's 6 digits, or one recovery code. */
export type SecondFactor = { otp: string } | { recoveryCode: string };

/** `POST /oauth/token.json` with the MFA grant; stores the session as signIn does. */
export async function completeTwoFactorSignIn(mfaToken: string, factor: SecondFactor): Promise<Session> {
  const body = await apiRequest<unknown>("/oauth/token.json", {
    method: "POST",
    authenticated: false,
    body: { grantType: MFA_OTP_GRANT_TYPE, mfaToken, ...factor, clientId: WEB_CLIENT_ID },
  });
  const session = sessionFromTokenBody(body);
  // Not signIn's helper: an export from api.ts would weigh on every signed-in page's first load.
  if (!session) {
    throw new ApiError(502, {
      error: "invalid_token_response",
      errorDescription: "The server's sign-in answer was incomplete. Please try again.",
    });
  }
  writeSession(session);
  return session;
}
