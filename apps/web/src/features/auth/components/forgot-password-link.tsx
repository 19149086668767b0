import { lazy, Suspense, useRef, useState } from "react";

// The form behind "Forgot password?" is a Radix dialog (about 15 KB gzip with its focus trap and scroll
// lock): it is fetched when someone points at or focuses the link, not with the sign-in page. Its form's
// engine comes later still, once the visitor types (forgot-password-engine.ts).
const loadDialog = () => import("./forgot-password-dialog.tsx");
const ForgotPasswordDialog = lazy(() => loadDialog().then((module) => ({ default: module.ForgotPasswordDialog })));
const preload = () => {
  loadDialog().catch(() => {});
};

const LINK_CLASS =
  "rounded-sm font-medium text-primary text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring";

type ForgotPasswordLinkProps = {
  /** The trigger's text; "Forgot password?" beside the sign-in form's password. */
  label?: string;
  /** The trigger's look; a link's by default (the reset page draws it as a button). */
  className?: string;
};

export function ForgotPasswordLink({ label = "Forgot password?", className = LINK_CLASS }: ForgotPasswordLinkProps) {
  const [open, setOpen] = useState(false);
  // Stays mounted after the first opening so that closing can animate.
  const [used, setUsed] = useState(false);
  const [defaultEmail, setDefaultEmail] = useState<string | undefined>();
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          // Inside the sign-in form, what its email field holds starts the dialog's.
          const email = trigger.current?.form?.elements.namedItem("email");
          setDefaultEmail(email instanceof HTMLInputElement ? email.value.trim() || undefined : undefined);
          setUsed(true);
          setOpen(true);
        }}
        className={className}
      >
        {label}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            open={open}
            onOpenChange={setOpen}
            defaultEmail={defaultEmail}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              trigger.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
