import { apiRequest } from "#web/lib/api-client.ts";

// Forgot password, Devise's `/users/password` shape. Both calls go without the session: the visitor is
// signed out, or signed in as someone else, and a refusal here must not sign anyone out.

/** `POST /users/password.json`: answers 202 with the same message whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest<{ message: string }>("/users/password.json", {
    method: "POST",
    authenticated: false,
    body: { user: { email } },
  });
}

export type ResetPasswordInput = {
  resetPasswordToken: string;
  password: string;
  passwordConfirmation: string;
  /** A code from the authenticator app or a recovery code, once the server has asked for one. */
  otpCode?: string;
};

/** `PUT /users/password.json`: the new password; every session of the account ends, so the user signs in afresh. */
export function resetPassword(input: ResetPasswordInput): Promise<{ email: string }> {
  return apiRequest<{ email: string }>("/users/password.json", {
    method: "PUT",
    authenticated: false,
    body: { user: input },
  });
}
