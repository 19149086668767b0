import { type SignInForm, signInFormSchema } from "@foreman/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { createFormControl } from "react-hook-form";
import { signIn } from "./api.ts";
import { signInErrorMessage } from "./error-messages.ts";
import type { FormEngine } from "./use-deferred-form.ts";

// The sign-in form's engine, fetched on first use (use-deferred-form.ts): the contract's schema checks
// the fields, then the password grant. Load it with import() only.

export function createSignInEngine(): FormEngine<SignInForm> {
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
        // What was typed stays in the fields so a typo can be fixed in place.
        return { sent: false, formError: signInErrorMessage(error) };
      }
    },
  };
}
