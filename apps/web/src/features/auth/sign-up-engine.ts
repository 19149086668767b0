import { type SignUpForm, type SignUpFormInput, signUpSchema } from "@foreman/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { createFormControl } from "react-hook-form";
import { isApiError } from "#web/lib/api-error.ts";
import { signUp } from "./api.ts";
import { signUpErrorMessage } from "./error-messages.ts";
import type { FormEngine } from "./use-deferred-form.ts";

// The sign-up form's engine, fetched on first use (use-deferred-form.ts): the contract's schema checks
// the fields, then the account is created. Load it with import() only.

const SIGN_UP_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "password",
  "passwordConfirmation",
  "companyName",
  "companyLanguage",
] as const;
type FieldName = (typeof SIGN_UP_FIELDS)[number];

function isFieldName(value: string): value is FieldName {
  return (SIGN_UP_FIELDS as readonly string[]).includes(value);
}

export function createSignUpEngine(): FormEngine<SignUpFormInput, SignUpForm> {
  const { register, subscribe, handleSubmit, setError } = createFormControl<SignUpFormInput, unknown, SignUpForm>({
    resolver: zodResolver(signUpSchema),
  });
  return {
    register,
    subscribe,
    handleSubmit,
    send: async (values) => {
      try {
        await signUp(values);
        return { sent: true };
      } catch (error) {
        // The server's 422 names the form fields (camelCase): show each message under its field.
        const details = isApiError(error) ? (error.body.details ?? []) : [];
        const fieldDetails = details.filter((detail) => isFieldName(detail.field));
        fieldDetails.forEach((detail, index) => {
          setError(
            detail.field as FieldName,
            { type: "server", message: detail.message },
            { shouldFocus: index === 0 },
          );
        });
        const unplaced = details.filter((detail) => !isFieldName(detail.field)).map((detail) => detail.message);
        if (fieldDetails.length > 0 && unplaced.length === 0) return { sent: false, formError: null };
        return { sent: false, formError: unplaced.length > 0 ? unplaced.join(" ") : signUpErrorMessage(error) };
      }
    },
  };
}
