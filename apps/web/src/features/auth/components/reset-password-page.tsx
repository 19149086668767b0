import {
  RESET_LINK_INVALID,
  type ResetPasswordForm,
  resetPasswordFormSchema,
  TWO_FACTOR_CODE_REQUIRED,
} from "@foreman/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import { CircleCheck, ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { AuthLayout } from "#web/components/layout/auth-layout.tsx";
import { Button, buttonVariants } from "#web/components/ui/button.tsx";
import {
  describeError,
  isApiError,
  isNetworkError,
  NETWORK_ERROR_MESSAGE,
  tooManyAttemptsMessage,
} from "#web/lib/api-error.ts";
import { resetPassword } from "../password-reset-api.ts";
import { AuthForm } from "./auth-form.tsx";
import { AUTH_PAGE_LINK_CLASS } from "./auth-page-link.ts";
import { ForgotPasswordLink } from "./forgot-password-link.tsx";
import { TextField } from "./text-field.tsx";

// The page the reset mail links to (/reset_password?token=…): a new password, and for an account with
// two-factor sign-in a code as well, asked for only once the server says so (the page cannot know it
// before: the link must not tell whose account it is for).

type Stage = { kind: "form" } | { kind: "done"; email: string } | { kind: "invalid" };

const FIELDS = ["password", "passwordConfirmation", "otpCode"] as const;
type FieldName = (typeof FIELDS)[number];

const WRONG_CODE = "That code did not work. Try again with a new code, or use one of your recovery codes.";

/** A 422's field as the form names it: `user.password_confirmation` arrives camelized, under `user.`. */
function formField(field: string): FieldName | null {
  const name = field.split(".").pop() ?? field;
  return (FIELDS as readonly string[]).includes(name) ? (name as FieldName) : null;
}

export function ResetPasswordPage({ token }: { token: string | undefined }) {
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
            <Link to="/sign_in">Sign in</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  if (stage.kind === "invalid" || !token) {
    return (
      <AuthLayout title="This link no longer works" description={RESET_LINK_INVALID} footer={<SignInFooter />}>
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
      footer={<SignInFooter />}
    >
      <ResetPasswordFormView
        token={token}
        onDone={(email) => setStage({ kind: "done", email })}
        onInvalid={() => setStage({ kind: "invalid" })}
      />
    </AuthLayout>
  );
}

function SignInFooter() {
  return (
    <>
      Remembered it?{" "}
      <Link to="/sign_in" className={AUTH_PAGE_LINK_CLASS}>
        Sign in
      </Link>
    </>
  );
}

type ResetPasswordFormViewProps = {
  token: string;
  onDone: (email: string) => void;
  onInvalid: () => void;
};

function ResetPasswordFormView({ token, onDone, onInvalid }: ResetPasswordFormViewProps) {
  const [needsCode, setNeedsCode] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({ resolver: zodResolver(resetPasswordFormSchema) });

  // The code field appears after a refusal: the cursor goes to it.
  useEffect(() => {
    if (needsCode) setFocus("otpCode");
  }, [needsCode, setFocus]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const otpCode = values.otpCode?.trim() || undefined;
    if (needsCode && !otpCode) {
      setError("otpCode", { type: "required", message: "Required" }, { shouldFocus: true });
      return;
    }
    try {
      const { email } = await resetPassword({
        resetPasswordToken: token,
        password: values.password,
        passwordConfirmation: values.passwordConfirmation,
        otpCode: needsCode ? otpCode : undefined,
      });
      onDone(email);
    } catch (error) {
      if (isNetworkError(error)) return setFormError(NETWORK_ERROR_MESSAGE);
      if (!isApiError(error)) return setFormError(describeError(error));
      if (error.status === 429) return setFormError(tooManyAttemptsMessage(error.retryAfterSeconds));
      if (error.body.error === "invalid_token") return onInvalid();
      if (error.body.error === TWO_FACTOR_CODE_REQUIRED) {
        // Asked for the first time: the field appears. Asked again: the code given was refused.
        if (needsCode) setError("otpCode", { type: "server", message: WRONG_CODE }, { shouldFocus: true });
        else setNeedsCode(true);
        return;
      }
      const details = error.body.details ?? [];
      let placed = 0;
      for (const detail of details) {
        const field = formField(detail.field);
        if (!field) continue;
        setError(field, { type: "server", message: detail.message }, { shouldFocus: placed === 0 });
        placed += 1;
      }
      if (placed === 0) setFormError(describeError(error));
    }
  });

  return (
    <AuthForm
      label="Choose a new password"
      onSubmit={submit}
      error={formError}
      submitting={isSubmitting}
      submitLabel="Change password"
      submittingLabel="Changing your password…"
    >
      <TextField
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus
        error={errors.password?.message}
        {...register("password")}
      />
      <TextField
        id="reset-password-confirmation"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.passwordConfirmation?.message}
        {...register("passwordConfirmation")}
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
            error={errors.otpCode?.message}
            aria-describedby={errors.otpCode ? "reset-otp-hint reset-otp-error" : "reset-otp-hint"}
            {...register("otpCode")}
          />
        </div>
      ) : null}
    </AuthForm>
  );
}
