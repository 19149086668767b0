import { type ForgotPasswordForm, forgotPasswordFormSchema } from "@foreman/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { createFormControl } from "react-hook-form";
import { isApiError, isNetworkError, NETWORK_ERROR_MESSAGE, tooManyAttemptsMessage } from "#web/lib/api-error.ts";
import { requestPasswordReset } from "./password-reset-api.ts";
import type { FormEngine } from "./use-deferred-form.ts";

// The forgot-password form's engine, fetched on first use (use-deferred-form.ts) like the sign-in
// form's: the dialog that holds it is on the sign-in page, whose first load must stay small.

export function createForgotPasswordEngine(): FormEngine<ForgotPasswordForm> {
  const { register, subscribe, handleSubmit } = createFormControl<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordFormSchema),
  });
  return {
    register,
    subscribe,
    handleSubmit,
    send: async (values) => {
      try {
        await requestPasswordReset(values.email);
        return { sent: true };
      } catch (error) {
        // Nothing was asked for: say so, so the visitor tries again.
        if (isNetworkError(error)) return { sent: false, formError: NETWORK_ERROR_MESSAGE };
        if (isApiError(error) && error.status === 429) {
          return { sent: false, formError: tooManyAttemptsMessage(error.retryAfterSeconds) };
        }
        // Any other answer reads as the one message: a different one could tell which addresses have an account.
        return { sent: true };
      }
    },
  };
}
