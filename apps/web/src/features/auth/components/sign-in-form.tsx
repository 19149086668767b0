import { type SignInForm as SignInValues, signInFormSchema } from "@foreman/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { signIn } from "../api.ts";
import { signInErrorMessage } from "../error-messages.ts";
import { AuthForm } from "./auth-form.tsx";
import { ForgotPasswordDialog } from "./forgot-password-dialog.tsx";
import { TextField } from "./text-field.tsx";

type SignInFormProps = {
  /** Runs once the session is stored; the page navigates on. */
  onSignedIn: () => void | Promise<void>;
};

export function SignInForm({ onSignedIn }: SignInFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signInFormSchema), defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (values: SignInValues) => {
    setFormError(null);
    try {
      await signIn(values.email, values.password);
    } catch (error) {
      // What was typed stays in the fields so a typo can be fixed in place.
      setFormError(signInErrorMessage(error));
      return;
    }
    await onSignedIn();
  });

  return (
    <AuthForm
      label="Sign in"
      onSubmit={onSubmit}
      error={formError}
      submitting={isSubmitting}
      submitLabel="Sign in"
      submittingLabel="Signing in…"
    >
      <TextField
        id="sign-in-email"
        label="Email"
        type="email"
        autoComplete="username"
        inputMode="email"
        placeholder="you@company.com"
        autoFocus
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        id="sign-in-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        labelAction={<ForgotPasswordDialog />}
        {...register("password")}
      />
    </AuthForm>
  );
}
