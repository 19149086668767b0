import { messages, normalizeCode, TOTP_DIGITS } from "@foreman/contract";
import { ArrowLeft } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { CODE_LABELS, codeInputProps, SWITCH_CODE_KIND } from "#web/lib/two-factor-code.ts";
import { TWO_FACTOR_EXPIRED_MESSAGE, twoFactorErrorMessage } from "../error-messages.ts";
import { completeTwoFactorSignIn, type TwoFactorChallenge } from "../two-factor-sign-in.ts";
import { AuthForm } from "./auth-form.tsx";
import { FormAlert } from "./form-alert.tsx";
import { TextField } from "./text-field.tsx";

// The sign-in's second step for a two-factor account, in its own chunk: sign-in-form.tsx fetches it
// with import() only when the password grant answers with a challenge, so the sign-in page stays light.

export type TwoFactorStepProps = {
  challenge: TwoFactorChallenge;
  /** Runs once the session is stored; the page navigates on. */
  onSignedIn: () => void | Promise<void>;
  /** Back to the password form. */
  onBack: () => void;
};

type CodeKind = "app" | "recovery";

const APP_CODE_FORMAT = `Enter the ${TOTP_DIGITS} digits your authenticator app shows`;
const appCode = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

export function TwoFactorStep({ challenge, onSignedIn, onBack }: TwoFactorStepProps) {
  const [kind, setKind] = useState<CodeKind>("app");
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const app = kind === "app";

  const shownKind = useRef(kind);
  // After switching between the app's code and a recovery code: the field, ready to type.
  useEffect(() => {
    if (shownKind.current === kind) return;
    shownKind.current = kind;
    input.current?.focus();
  });

  const switchKind = () => {
    setKind(app ? "recovery" : "app");
    setCode("");
    setFieldError(undefined);
    setFormError(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const typed = normalizeCode(code);
    const problem = !typed ? messages.required : app && !appCode.test(typed) ? APP_CODE_FORMAT : undefined;
    setFieldError(problem);
    setFormError(null);
    if (problem) {
      input.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await completeTwoFactorSignIn(challenge.mfaToken, app ? { otp: typed } : { recoveryCode: code.trim() });
      await onSignedIn();
    } catch (error) {
      const failure = twoFactorErrorMessage(error);
      setFieldError(failure.field);
      setFormError(failure.form ?? null);
      setExpired(failure.expired === true);
      if (failure.field) input.current?.select();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="grid gap-5" data-testid="two-factor-step">
      <div className="grid gap-1">
        <h2 className="font-semibold text-base">Two-factor sign-in</h2>
        <p className="text-muted-foreground text-sm">
          {app
            ? "Enter the 6-digit code from your authenticator app."
            : "Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once."}
        </p>
      </div>
      {expired ? (
        // The challenge is spent or too old: only the password can start a new one.
        <div className="grid gap-5">
          <FormAlert message={formError ?? TWO_FACTOR_EXPIRED_MESSAGE} />
          <Button size="lg" className="w-full" onClick={onBack}>
            Enter your password again
          </Button>
        </div>
      ) : (
        <AuthForm
          label="Two-factor sign-in"
          onSubmit={onSubmit}
          error={formError}
          submitting={submitting}
          submitLabel="Verify"
          submittingLabel="Verifying…"
        >
          <div className="grid gap-2">
            <TextField
              ref={input}
              id="two-factor-code"
              // The step replaces the password form: the code field takes the focus it had.
              autoFocus
              label={CODE_LABELS[app ? "app" : "recovery"]}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={fieldError}
              {...codeInputProps(app ? "app" : "recovery")}
              className={app ? "font-mono tracking-[0.3em]" : "font-mono"}
            />
            <button
              type="button"
              onClick={switchKind}
              className="w-fit rounded-sm font-medium text-primary text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {SWITCH_CODE_KIND[app ? "app" : "recovery"]}
            </button>
          </div>
        </AuthForm>
      )}
      {expired ? null : (
        <Button variant="ghost" className="justify-self-start" onClick={onBack}>
          <ArrowLeft aria-hidden />
          Back
        </Button>
      )}
    </div>
  );
}
