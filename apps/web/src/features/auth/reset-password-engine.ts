import { type ResetPasswordForm, resetPasswordFormSchema, TWO_FACTOR_CODE_REQUIRED } from "@foreman/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { createFormControl } from "react-hook-form";
import {
  describeError,
  isApiError,
  isNetworkError,
  NETWORK_ERROR_MESSAGE,
  tooManyAttemptsMessage,
} from "#web/lib/api-error.ts";
import { resetPassword } from "./password-reset-api.ts";
import type { FormEngine } from "./use-deferred-form.ts";

// The reset page's form engine, fetched on first use (use-deferred-form.ts) like the sign-in form's: the
// page opens from a mail on a phone, and paints before react-hook-form and zod arrive. Load it with
// import() only.

const FIELDS = ["password", "passwordConfirmation", "otpCode"] as const;
type FieldName = (typeof FIELDS)[number];

const WRONG_CODE = "That code did not work. Try again with a new code, or use one of your recovery codes.";

/** A 422's field as the form names it: `user.password_confirmation` arrives camelized, under `user.`. */
function formField(field: string): FieldName | null {
  const name = field.split(".").pop() ?? field;
  return (FIELDS as readonly string[]).includes(name) ? (name as FieldName) : null;
}

/** What the page does with the server's answers besides the fields' messages. */
export type ResetPasswordSteps = {
  /** Whether the code field is shown (the server asked for a code). */
  needsCode: () => boolean;
  /** The server asks for a code: the field appears. */
  askForCode: () => void;
  onDone: (email: string) => void;
  /** The link is used, expired or unknown. */
  onInvalid: () => void;
};

export function createResetPasswordEngine(token: string, steps: ResetPasswordSteps): FormEngine<ResetPasswordForm> {
  const { register, subscribe, handleSubmit, setError } = createFormControl<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
  });
  const unsent = { sent: false, formError: null } as const;
  return {
    register,
    subscribe,
    handleSubmit,
    send: async (values) => {
      const needsCode = steps.needsCode();
      const otpCode = values.otpCode?.trim() || undefined;
      if (needsCode && !otpCode) {
        setError("otpCode", { type: "required", message: "Required" }, { shouldFocus: true });
        return unsent;
      }
      try {
        const { email } = await resetPassword({
          resetPasswordToken: token,
          password: values.password,
          passwordConfirmation: values.passwordConfirmation,
          otpCode: needsCode ? otpCode : undefined,
        });
        steps.onDone(email);
        return { sent: true };
      } catch (error) {
        if (isNetworkError(error)) return { sent: false, formError: NETWORK_ERROR_MESSAGE };
        if (!isApiError(error)) return { sent: false, formError: describeError(error) };
        if (error.status === 429) return { sent: false, formError: tooManyAttemptsMessage(error.retryAfterSeconds) };
        if (error.body.error === "invalid_token") {
          steps.onInvalid();
          return unsent;
        }
        if (error.body.error === TWO_FACTOR_CODE_REQUIRED) {
          // Asked for the first time: the field appears. Asked again: the code given was refused.
          if (needsCode) setError("otpCode", { type: "server", message: WRONG_CODE }, { shouldFocus: true });
          else steps.askForCode();
          return unsent;
        }
        let placed = 0;
        for (const detail of error.body.details ?? []) {
          const field = formField(detail.field);
          if (!field) continue;
          setError(field, { type: "server", message: detail.message }, { shouldFocus: placed === 0 });
          placed += 1;
        }
        return placed > 0 ? unsent : { sent: false, formError: describeError(error) };
      }
    },
  };
}
