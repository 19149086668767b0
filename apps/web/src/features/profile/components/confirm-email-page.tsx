import { EMAIL_LINK_INVALID, isSessionValid } from "@foreman/contract";
import { CircleCheck } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { AuthLayout } from "#web/components/layout/auth-layout.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError, isApiError } from "#web/lib/api-error.ts";
import type { RenderPageLink } from "#web/lib/page-link.ts";
import { readSession } from "#web/lib/session-cookie.ts";
import { confirmEmail } from "../confirm-email-api.ts";

// The page the confirmation mail links to (/confirm_email?token=…), signed in or out. The link is used
// once: one call per token, shared by every render (StrictMode mounts twice) until it is tried again.

type Result = { kind: "pending" } | { kind: "confirmed"; email: string } | { kind: "failed"; error: unknown };

const calls = new Map<string, Promise<{ email: string }>>();

function confirmOnce(token: string): Promise<{ email: string }> {
  let call = calls.get(token);
  if (!call) {
    call = confirmEmail(token);
    calls.set(token, call);
  }
  return call;
}

/** The link itself was refused (used, expired, address taken): trying again cannot help. */
const isDeadLink = (error: unknown) => isApiError(error) && error.status === 422;

type ConfirmEmailPageProps = {
  /** From the link; missing means a broken link. */
  token: string | undefined;
  /** The router's links in the app, plain ones on a cold load (lib/page-link.ts). */
  renderLink: RenderPageLink;
  /** Once confirmed: whatever showed the old address (the shell, the profile) reads it again. */
  onConfirmed?: () => void;
};

export function ConfirmEmailPage({ token, renderLink, onConfirmed }: ConfirmEmailPageProps) {
  const [result, setResult] = useState<Result>(() => (token ? { kind: "pending" } : { kind: "failed", error: null }));
  const signedIn = isSessionValid(readSession());
  // The latest callback, without running the call again when it changes.
  const confirmed = useRef(onConfirmed);
  confirmed.current = onConfirmed;

  const run = useCallback((value: string) => {
    let current = true;
    confirmOnce(value).then(
      ({ email }) => {
        if (!current) return;
        setResult({ kind: "confirmed", email });
        confirmed.current?.();
      },
      (error: unknown) => {
        if (current) setResult({ kind: "failed", error });
      },
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => (token ? run(token) : undefined), [token, run]);

  const retry = () => {
    if (!token) return;
    calls.delete(token);
    setResult({ kind: "pending" });
    run(token);
  };

  const onward = signedIn
    ? renderLink({ to: "/profile", children: "Go to your profile" })
    : renderLink({ to: "/sign_in", children: "Sign in" });

  if (result.kind === "pending") {
    return (
      <AuthLayout title="Confirming your new email…">
        <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
          <Spinner />
          One moment.
        </p>
      </AuthLayout>
    );
  }

  if (result.kind === "confirmed") {
    return (
      <AuthLayout title="Email confirmed">
        <div className="grid gap-5">
          <div role="status" className="flex items-start gap-3 rounded-md border bg-muted/40 px-3 py-3 text-sm">
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            <p className="leading-relaxed">
              You now sign in with <span className="break-all font-medium">{result.email}</span>.
            </p>
          </div>
          <Button asChild size="lg" className="w-full">
            {onward}
          </Button>
        </div>
      </AuthLayout>
    );
  }

  const dead = !token || isDeadLink(result.error);
  return (
    <AuthLayout
      title={dead ? "This link no longer works" : "Your email could not be confirmed"}
      description={dead ? EMAIL_LINK_INVALID : undefined}
    >
      <div className="grid gap-5">
        {dead ? (
          <p className="text-muted-foreground text-sm leading-relaxed">
            {signedIn
              ? "Your sign-in email has not changed. You can ask for a new link from your profile."
              : "Your sign-in email has not changed. Sign in and ask for a new link from your profile."}
          </p>
        ) : (
          <>
            <FormAlert message={describeError(result.error)} />
            <Button variant="outline" size="lg" className="w-full" onClick={retry}>
              Try again
            </Button>
          </>
        )}
        <Button asChild size="lg" className="w-full" variant={dead ? "default" : "ghost"}>
          {onward}
        </Button>
      </div>
    </AuthLayout>
  );
}
