import { type SignInForm, signInFormSchema } from "@foreman/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { createFormControl } from "react-hook-form";
import { signIn } from "./api.ts";
import { signInErrorMessage } from "./error-messages.ts";
import { type TwoFactorChallenge, twoFactorChallenge } from "./two-factor-sign-in.ts";
import type { FormEngine } from "./use-deferred-form.ts";

// The sign-in form's engine, fetched on first use (use-deferred-form.ts): the contract's schema checks
// the fields, then the password grant. Load it with import() only. A two-factor account's grant answers
// with a challenge instead: `onTwoFactor` brings up the code step, and the form stays unsent.

/** The page could not fetch the code step (offline, or a new version replaced the files). */
const STEP_UNAVAILABLE = "The page could not finish loading. Check your connection and try again.";

export function createSignInEngine(
  onTwoFactor: (challenge: TwoFactorChallenge) => Promise<void>,
): FormEngine<SignInForm> {
  const { register, subscribe, handleSubmit } = createFormControl<SignInForm>({
    resolver: zodResolver(signInFormSchema),
  });
  return {
    register,
    subscribe,
    handleSubmit,
    send: async (values) => {
      try {
        await signIn(values.email, values.password);
        return { sent: true };
      } catch (error) {
        const challenge = twoFactorChallenge(error);
        if (challenge) {
          try {
            await onTwoFactor(challenge);
            return { sent: false, formError: null };
          } catch {
            return { sent: false, formError: STEP_UNAVAILABLE };
          }
        }
        // What was typed stays in the fields so a typo can be fixed in place.
        return { sent: false, formError: signInErrorMessage(error) };
      }
    },
  };
}
