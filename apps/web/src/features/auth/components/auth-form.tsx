import type { ComponentProps, ReactNode } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { FormAlert } from "./form-alert.tsx";

/** Submit, and the first-use events that fetch the form's engine (use-deferred-form.ts). */
type FormHandlers = Pick<ComponentProps<"form">, "onSubmit" | "onKeyDown" | "onPointerDown" | "onInput">;

type AuthFormProps = FormHandlers & {
  /** Names the form for screen readers ("Sign in"). */
  label: string;
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
  error,
  submitting,
  submitLabel,
  submittingLabel,
  children,
  ...handlers
}: AuthFormProps) {
  return (
    <form {...handlers} noValidate className="grid gap-5" aria-label={label}>
      {children}
      <FormAlert message={error} />
      <Button type="submit" size="lg" className="w-full" disabled={submitting}>
        {submitting ? <Spinner /> : null}
        {submitting ? submittingLabel : submitLabel}
      </Button>
    </form>
  );
}
