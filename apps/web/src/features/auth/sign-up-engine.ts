import {
  type InvitedSignUpForm,
  invitedSignUpSchema,
  type SignUpForm,
  type SignUpFormInput,
  signUpSchema,
} from "@foreman/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { createFormControl, type Resolver } from "react-hook-form";
import { isApiError } from "#web/lib/api-error.ts";
import { signUp } from "./api.ts";
import { signUpErrorMessage } from "./error-messages.ts";
import type { FormEngine } from "./use-deferred-form.ts";

// The sign-up form's engine, fetched on first use (use-deferred-form.ts): the contract's schema checks
// the fields, then the account is created. Load it with import() only.

/** What the form holds: the sign-up's fields, and an invitation's token when it came from one. */
export type SignUpFields = SignUpFormInput & { invitationToken?: string };
/** What is sent: a new company, or (from an invitation) none — the account joins the inviting one. */
export type SignUpSent = SignUpForm | InvitedSignUpForm;

/** Sign-up from an invitation link: its token, sent along, and the invited address, which is fixed. */
export type SignUpInvitation = { token: string; email: string };

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

function isFieldName(value: string, invited: boolean): value is FieldName {
  // From an invitation the company's fields are not on the form: their messages are the form's own.
  if (invited && (value === "companyName" || value === "companyLanguage")) return false;
  return (SIGN_UP_FIELDS as readonly string[]).includes(value);
}

export function createSignUpEngine(invitation?: SignUpInvitation): FormEngine<SignUpFields, SignUpSent> {
  const { register, subscribe, handleSubmit, setError } = createFormControl<SignUpFields, unknown, SignUpSent>(
    invitation
      ? {
          // One resolver or the other: both check the same fields, the invited one without the company.
          resolver: zodResolver(invitedSignUpSchema) as unknown as Resolver<SignUpFields, unknown, SignUpSent>,
          defaultValues: { email: invitation.email, invitationToken: invitation.token },
        }
      : { resolver: zodResolver(signUpSchema) as Resolver<SignUpFields, unknown, SignUpSent> },
  );
  const invited = invitation !== undefined;
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
        const fieldDetails = details.filter((detail) => isFieldName(detail.field, invited));
        fieldDetails.forEach((detail, index) => {
          setError(
            detail.field as FieldName,
            { type: "server", message: detail.message },
            { shouldFocus: index === 0 },
          );
        });
        const unplaced = details
          .filter((detail) => !isFieldName(detail.field, invited))
          .map((detail) => detail.message);
        if (fieldDetails.length > 0 && unplaced.length === 0) return { sent: false, formError: null };
        return { sent: false, formError: unplaced.length > 0 ? unplaced.join(" ") : signUpErrorMessage(error) };
      }
    },
  };
}
