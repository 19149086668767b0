import { RESET_LINK_INVALID } from "@foreman/contract";
import { CircleCheck, ShieldCheck } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { AuthLayout } from "#web/components/layout/auth-layout.tsx";
import { Button, buttonVariants } from "#web/components/ui/button.tsx";
import type { RenderPageLink } from "#web/lib/page-link.ts";
import { useDeferredForm } from "../use-deferred-form.ts";
import { AuthForm } from "./auth-form.tsx";
import { AUTH_PAGE_LINK_CLASS } from "./auth-page-link.ts";
import { ForgotPasswordLink } from "./forgot-password-link.tsx";
import { TextField } from "./text-field.tsx";

// The page the reset mail links to (/reset_password?token=…): a new password, and for an account with
// two-factor sign-in a code as well, asked for only once the server says so (the page cannot know it
// before: the link must not tell whose account it is for). The form's engine comes on first use.

type Stage = { kind: "form" } | { kind: "done"; email: string } | { kind: "invalid" };

type ResetPasswordPageProps = {
  /** From the link; missing means a broken link. */
  token: string | undefined;
  /** The router's links in the app, plain ones on a cold load (lib/page-link.ts). */
  renderLink: RenderPageLink;
};

export function ResetPasswordPage({ token, renderLink }: ResetPasswordPageProps) {
  const [stage, setStage] = useState<Stage>(token ? { kind: "form" } : { kind: "invalid" });

  if (stage.kind === "done") {
    return (
      <AuthLayout title="Password changed — sign in" description="Your new password works from now on.">
        <div className="grid gap-5">
          <div role="status" className="flex items-start gap-3 rounded-md border bg-muted/40 px-3 py-3 text-sm">
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            <p className="leading-relaxed">
              The password of <span className="break-all font-medium">{stage.email}</span> is changed, and every session
              of the account was signed out. Sign in with the new password.
            </p>
          </div>
          <Button asChild size="lg" className="w-full">
            {renderLink({ to: "/sign_in", children: "Sign in" })}
          </Button>
        </div>
      </AuthLayout>
    );
  }

  if (stage.kind === "invalid" || !token) {
    return (
      <AuthLayout
        title="This link no longer works"
        description={RESET_LINK_INVALID}
        footer={<SignInFooter renderLink={renderLink} />}
      >
        <div className="grid gap-5">
          <p className="text-muted-foreground text-sm leading-relaxed">
            A reset link works once, for 30 minutes. A new one replaces it: use the latest mail.
          </p>
          <ForgotPasswordLink
            label="Ask for a new link"
            className={buttonVariants({ size: "lg", className: "w-full" })}
          />
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      description="At least 8 characters; a phrase of unrelated words works well."
      footer={<SignInFooter renderLink={renderLink} />}
    >
      <ResetPasswordFormView
        token={token}
        onDone={(email) => setStage({ kind: "done", email })}
        onInvalid={() => setStage({ kind: "invalid" })}
      />
    </AuthLayout>
  );
}

function SignInFooter({ renderLink }: { renderLink: RenderPageLink }) {
  return <>Remembered it? {renderLink({ to: "/sign_in", className: AUTH_PAGE_LINK_CLASS, children: "Sign in" })}</>;
}

type ResetPasswordFormViewProps = {
  token: string;
  onDone: (email: string) => void;
  onInvalid: () => void;
};

function ResetPasswordFormView({ token, onDone, onInvalid }: ResetPasswordFormViewProps) {
  const [needsCode, setNeedsCode] = useState(false);
  // The engine reads these when the server answers, not when it was made.
  const steps = useRef({ needsCode, onDone, onInvalid });
  steps.current = { needsCode, onDone, onInvalid };
  const loadEngine = useCallback(
    () =>
      import("../reset-password-engine.ts").then((module) =>
        module.createResetPasswordEngine(token, {
          needsCode: () => steps.current.needsCode,
          askForCode: () => setNeedsCode(true),
          onDone: (email) => steps.current.onDone(email),
          onInvalid: () => steps.current.onInvalid(),
        }),
      ),
    [token],
  );
  const { field, formError, submitting, formProps } = useDeferredForm(loadEngine, () => {});
  const otpCode = field("otpCode");

  // The code field appears after a refusal: the cursor goes to it.
  useEffect(() => {
    if (needsCode) document.getElementById("reset-otp")?.focus();
  }, [needsCode]);

  return (
    <AuthForm
      label="Choose a new password"
      {...formProps}
      error={formError}
      submitting={submitting}
      submitLabel="Change password"
      submittingLabel="Changing your password…"
    >
      <TextField
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus
        {...field("password")}
      />
      <TextField
        id="reset-password-confirmation"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...field("passwordConfirmation")}
      />
      {needsCode ? (
        <div className="grid gap-3">
          <div className="flex items-start gap-3 rounded-md border border-info/25 bg-info/10 px-3 py-2.5 text-sm">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
            <p id="reset-otp-hint">
              This account has two-factor sign-in. Enter the 6-digit code from your authenticator app, or one of your
              recovery codes.
            </p>
          </div>
          <TextField
            id="reset-otp"
            label="Two-factor code"
            autoComplete="one-time-code"
            spellCheck={false}
            autoCapitalize="off"
            aria-describedby={otpCode.error ? "reset-otp-hint reset-otp-error" : "reset-otp-hint"}
            {...otpCode}
          />
        </div>
      ) : null}
    </AuthForm>
  );
}
