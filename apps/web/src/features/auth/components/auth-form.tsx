import type { FormEventHandler, ReactNode } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { FormAlert } from "./form-alert.tsx";

type AuthFormProps = {
  /** Names the form for screen readers ("Sign in"). */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** A failure that is not about one field, shown above the button. */
  error: string | null;
  submitting: boolean;
  /** The button's text, and its text while the form is sent. */
  submitLabel: string;
  submittingLabel: string;
  /** The fields. */
  children: ReactNode;
};

/** The sign-in and sign-up forms' frame: the fields, the form's own error, and the full-width submit button. */
export function AuthForm({
  label,
  onSubmit,
  error,
  submitting,
  submitLabel,
  submittingLabel,
  children,
}: AuthFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={label}>
      {children}
      <FormAlert message={error} />
      <Button type="submit" size="lg" className="w-full" disabled={submitting}>
        {submitting ? <Spinner /> : null}
        {submitting ? submittingLabel : submitLabel}
      </Button>
    </form>
  );
}
