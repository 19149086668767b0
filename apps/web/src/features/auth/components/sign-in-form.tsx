import { useDeferredForm } from "../use-deferred-form.ts";
import { AuthForm } from "./auth-form.tsx";
import { ForgotPasswordLink } from "./forgot-password-link.tsx";
import { TextField } from "./text-field.tsx";

type SignInFormProps = {
  /** Runs once the session is stored; the page navigates on. */
  onSignedIn: () => void | Promise<void>;
};

const loadEngine = () => import("../sign-in-engine.ts").then((module) => module.createSignInEngine());

export function SignInForm({ onSignedIn }: SignInFormProps) {
  const { field, formError, submitting, formProps } = useDeferredForm(loadEngine, onSignedIn);
  return (
    <AuthForm
      label="Sign in"
      {...formProps}
      error={formError}
      submitting={submitting}
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
        {...field("email")}
      />
      <TextField
        id="sign-in-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        labelAction={<ForgotPasswordLink />}
        {...field("password")}
      />
    </AuthForm>
  );
}
