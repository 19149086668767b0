import { lazy, Suspense, useRef, useState } from "react";

// The note behind "Forgot password?" is a Radix dialog (about 15 KB gzip with its focus trap and scroll
// lock): it is fetched when someone points at or focuses the link, not with the sign-in page.
const loadDialog = () => import("./forgot-password-dialog.tsx");
const ForgotPasswordDialog = lazy(() => loadDialog().then((module) => ({ default: module.ForgotPasswordDialog })));
const preload = () => {
  loadDialog().catch(() => {});
};

export function ForgotPasswordLink() {
  const [open, setOpen] = useState(false);
  // Stays mounted after the first opening so that closing can animate.
  const [used, setUsed] = useState(false);
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
          setUsed(true);
          setOpen(true);
        }}
        className="rounded-sm font-medium text-primary text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        Forgot password?
      </button>
      {used ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            open={open}
            onOpenChange={setOpen}
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
