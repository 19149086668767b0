import { type SignUpForm as SignUpValues, signUpSchema } from "@foreman/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { isApiError } from "#web/lib/api-error.ts";
import { signUp } from "../api.ts";
import { signUpErrorMessage } from "../error-messages.ts";
import { AuthForm } from "./auth-form.tsx";
import { TextField, type TextFieldProps } from "./text-field.tsx";

type SignUpFormProps = {
  /** Runs once the account exists and the session is stored; the page navigates on. */
  onSignedUp: () => void | Promise<void>;
};

const FIELDS = ["firstName", "lastName", "email", "password", "passwordConfirmation", "companyName"] as const;
type FieldName = (typeof FIELDS)[number];

function isFieldName(value: string): value is FieldName {
  return (FIELDS as readonly string[]).includes(value);
}

/** Each field's id, label and input hints (autofill, the phone keyboard). */
const FIELD_PROPS: Record<
  FieldName,
  Pick<TextFieldProps, "id" | "label" | "type" | "inputMode" | "autoComplete" | "placeholder">
> = {
  firstName: { id: "sign-up-first-name", label: "First name", autoComplete: "given-name" },
  lastName: { id: "sign-up-last-name", label: "Last name", autoComplete: "family-name" },
  email: {
    id: "sign-up-email",
    label: "Work email",
    type: "email",
    inputMode: "email",
    autoComplete: "email",
    placeholder: "you@company.com",
  },
  companyName: { id: "sign-up-company-name", label: "Company name", autoComplete: "organization" },
  password: { id: "sign-up-password", label: "Password", type: "password", autoComplete: "new-password" },
  passwordConfirmation: {
    id: "sign-up-password-confirmation",
    label: "Confirm password",
    type: "password",
    autoComplete: "new-password",
  },
};

const EMPTY: SignUpValues = {
  firstName: "",
  lastName: "",
  email: "",
  password: "",
  passwordConfirmation: "",
  companyName: "",
};

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signUpSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values: SignUpValues) => {
    setFormError(null);
    try {
      await signUp(values);
    } catch (error) {
      // The server's 422 names the form fields (camelCase): show each message under its field.
      const details = isApiError(error) ? (error.body.details ?? []) : [];
      const fieldDetails = details.filter((detail) => isFieldName(detail.field));
      fieldDetails.forEach((detail, index) => {
        setError(detail.field as FieldName, { type: "server", message: detail.message }, { shouldFocus: index === 0 });
      });
      const unplaced = details.filter((detail) => !isFieldName(detail.field)).map((detail) => detail.message);
      if (fieldDetails.length === 0 || unplaced.length > 0) {
        setFormError(unplaced.length > 0 ? unplaced.join(" ") : signUpErrorMessage(error));
      }
      return;
    }
    await onSignedUp();
  });

  // Each field bound to the form: its id, label and hints, its value and its error.
  const field = (name: FieldName) => ({ ...FIELD_PROPS[name], error: errors[name]?.message, ...register(name) });
  return (
    <AuthForm
      label="Sign up"
      onSubmit={onSubmit}
      error={formError}
      submitting={isSubmitting}
      submitLabel="Create account"
      submittingLabel="Creating your account…"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field("firstName")} autoFocus />
        <TextField {...field("lastName")} />
      </div>
      <TextField {...field("email")} />
      <TextField {...field("companyName")} />
      <TextField {...field("password")} />
      <TextField {...field("passwordConfirmation")} />
    </AuthForm>
  );
}
