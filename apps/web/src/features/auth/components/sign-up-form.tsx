import { type SignUpForm as SignUpValues, signUpSchema } from "@foreman/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { isApiError } from "#web/lib/api-error.ts";
import { signUp } from "../api.ts";
import { signUpErrorMessage } from "../error-messages.ts";
import { FormAlert } from "./form-alert.tsx";
import { TextField } from "./text-field.tsx";

type SignUpFormProps = {
  /** Runs once the account exists and the session is stored; the page navigates on. */
  onSignedUp: () => void | Promise<void>;
};

const FIELDS = ["firstName", "lastName", "email", "password", "passwordConfirmation", "companyName"] as const;
type FieldName = (typeof FIELDS)[number];

function isFieldName(value: string): value is FieldName {
  return (FIELDS as readonly string[]).includes(value);
}

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

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Sign up">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="sign-up-first-name"
          label="First name"
          autoComplete="given-name"
          autoFocus
          error={errors.firstName?.message}
          {...register("firstName")}
        />
        <TextField
          id="sign-up-last-name"
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register("lastName")}
        />
      </div>
      <TextField
        id="sign-up-email"
        label="Work email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@company.com"
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        id="sign-up-company-name"
        label="Company name"
        autoComplete="organization"
        error={errors.companyName?.message}
        {...register("companyName")}
      />
      <TextField
        id="sign-up-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <TextField
        id="sign-up-password-confirmation"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.passwordConfirmation?.message}
        {...register("passwordConfirmation")}
      />
      <FormAlert message={formError} />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? <Spinner /> : null}
        {isSubmitting ? "Creating your account…" : "Create account"}
      </Button>
    </form>
  );
}
