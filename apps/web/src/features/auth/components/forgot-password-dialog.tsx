import { FORGOT_PASSWORD_MESSAGE } from "@foreman/contract";
import { MailCheck } from "lucide-react";
import { type FormEvent, type SyntheticEvent, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { DialogClose, DialogFooter } from "#web/components/ui/dialog.tsx";
import { DialogActions, DialogFrame } from "#web/components/ui/dialog-frame.tsx";
import { useDeferredForm } from "../use-deferred-form.ts";
import { FormAlert } from "./form-alert.tsx";
import { TextField } from "./text-field.tsx";

type ForgotPasswordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gets the focus back on close (the dialog has no Radix trigger of its own: forgot-password-link.tsx). */
  onCloseAutoFocus: (event: Event) => void;
  /** What the sign-in form's email field holds, so it need not be typed twice. */
  defaultEmail?: string;
};

/** Asks for the address and sends a reset link; the answer is the same whether or not it has an account. */
export function ForgotPasswordDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  defaultEmail,
}: ForgotPasswordDialogProps) {
  return (
    <DialogFrame
      open={open}
      onClose={() => onOpenChange(false)}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Forgot your password?"
      description="Enter the email you sign in with. We will send it a link to choose a new password."
    >
      {/* The content unmounts once closed: each opening starts with a fresh form. */}
      <ForgotPasswordForm defaultEmail={defaultEmail} onCancel={() => onOpenChange(false)} />
    </DialogFrame>
  );
}

// react-hook-form, the contract's schema and the API client come when the visitor first types or sends.
const loadEngine = () => import("../forgot-password-engine.ts").then((module) => module.createForgotPasswordEngine());

function ForgotPasswordForm({ defaultEmail, onCancel }: { defaultEmail?: string; onCancel: () => void }) {
  const [sent, setSent] = useState(false);
  const { field, formError, submitting, formProps } = useDeferredForm(loadEngine, () => setSent(true));
  // The dialog is portalled, but React events still bubble to the sign-in form around the link: a submit
  // here must not sign in, and typing here must not fetch the sign-in form's engine.
  const ownHandlers = {
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.stopPropagation();
      formProps.onSubmit(event);
    },
    onKeyDown: (event: SyntheticEvent) => {
      event.stopPropagation();
      formProps.onKeyDown();
    },
    onPointerDown: (event: SyntheticEvent) => {
      event.stopPropagation();
      formProps.onPointerDown();
    },
    onInput: (event: SyntheticEvent) => {
      event.stopPropagation();
      formProps.onInput();
    },
  };

  if (sent) {
    return (
      <>
        <div role="status" className="flex items-start gap-3 rounded-md border bg-muted/40 px-3 py-3 text-sm">
          <MailCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <p className="leading-relaxed">
            {FORGOT_PASSWORD_MESSAGE} Nothing arrived? Check your spam folder, or ask again in a few minutes.
          </p>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button autoFocus>Done</Button>
          </DialogClose>
        </DialogFooter>
      </>
    );
  }

  return (
    <form {...ownHandlers} noValidate aria-label="Ask for a password reset link" className="grid gap-4">
      <TextField
        id="forgot-password-email"
        label="Email"
        type="email"
        autoComplete="username"
        inputMode="email"
        placeholder="you@company.com"
        defaultValue={defaultEmail}
        autoFocus
        {...field("email")}
      />
      <FormAlert message={formError} />
      <DialogActions actionLabel="Send link" pending={submitting} onCancel={onCancel} />
    </form>
  );
}
