import { type ComponentType, useCallback, useState } from "react";
import { flushSync } from "react-dom";
import type { TwoFactorChallenge } from "../two-factor-sign-in.ts";
import { useDeferredForm } from "../use-deferred-form.ts";
import { AuthForm } from "./auth-form.tsx";
import { ForgotPasswordLink } from "./forgot-password-link.tsx";
import { TextField } from "./text-field.tsx";
import type { TwoFactorStepProps } from "./two-factor-step.tsx";

type SignInFormProps = {
  /** Runs once the session is stored; the page navigates on. */
  onSignedIn: () => void | Promise<void>;
};

type SecondStep = { challenge: TwoFactorChallenge; Step: ComponentType<TwoFactorStepProps> };

export function SignInForm({ onSignedIn }: SignInFormProps) {
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  // A two-factor account's password grant answers with a challenge: only then is the code step
  // fetched (its own chunk), and the button waits for it.
  const loadEngine = useCallback(
    () =>
      import("../sign-in-engine.ts").then((module) =>
        module.createSignInEngine(async (challenge) => {
          const { TwoFactorStep } = await import("./two-factor-step.tsx");
          setSecondStep({ challenge, Step: TwoFactorStep });
        }),
      ),
    [],
  );
  const { field, formError, submitting, formProps } = useDeferredForm(loadEngine, onSignedIn);
  const back = () => {
    flushSync(() => setSecondStep(null));
    document.getElementById("sign-in-password")?.focus();
  };
  return (
    <>
      {/* Hidden, not unmounted, during the code step: Back finds what was typed. */}
      <div hidden={secondStep !== null}>
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
      </div>
      {secondStep ? <secondStep.Step challenge={secondStep.challenge} onSignedIn={onSignedIn} onBack={back} /> : null}
    </>
  );
}
