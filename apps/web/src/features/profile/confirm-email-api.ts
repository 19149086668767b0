import { apiRequest } from "#web/lib/api-client.ts";

// Apart from api.ts, whose query options need TanStack Query: the confirmation page also opens on a cold
// load without it (src/standalone/confirm_email.tsx).

/**
 * `POST /users/email_confirmation.json` with the token from the link sent to the new address. Works
 * signed in or out (the token is the proof), so it goes without the session: a refusal must not sign out.
 */
export function confirmEmail(token: string): Promise<{ email: string }> {
  return apiRequest<{ email: string }>("/users/email_confirmation.json", {
    method: "POST",
    authenticated: false,
    body: { token },
  });
}
