import { Link, useLocation } from "@tanstack/react-router";
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../ui/button.tsx";

// In place of a page when the selected company requires two-factor sign-in and the user has not
// turned it on (its company-scoped calls would be refused with 403 two_factor_required anyway). The
// shell stays around it, so the company switcher still works; the profile, where it is turned on, is
// let through. Loaded by routes/_app/route.tsx only when needed: the default export lets lazy() take
// it without a wrapper, bytes the shell's cold load would carry.

type TwoFactorGateProps = {
  companyName: string;
  /** The page, shown on the profile. */
  children: ReactNode;
};

const PROFILE_PATH = "/profile";

export default function TwoFactorGate({ companyName, children }: TwoFactorGateProps) {
  const onProfile = useLocation({ select: (location) => location.pathname === PROFILE_PATH });
  if (onProfile) return children;
  return (
    <section
      aria-labelledby="two-factor-gate-title"
      className="flex min-h-[60svh] w-full items-center justify-center py-6"
      data-testid="two-factor-gate"
    >
      <div className="w-full max-w-lg">
        <div className="mb-5 flex size-11 items-center justify-center rounded-full bg-warning/15 text-[oklch(0.47_0.12_58)] ring-8 ring-warning/5 dark:text-warning">
          <ShieldAlert className="size-5" aria-hidden />
        </div>
        <h1 id="two-factor-gate-title" className="break-words font-semibold text-xl tracking-tight">
          {companyName} requires two-factor sign-in
        </h1>
        <p className="mt-2 text-muted-foreground">
          Everyone who works in {companyName} signs in with a code from an authenticator app as well as their password.
          Turn it on in your profile, then come back: it takes a minute.
        </p>
        <div className="mt-6 flex flex-wrap gap-2">
          <Button asChild>
            <Link to={PROFILE_PATH}>Turn on two-factor sign-in</Link>
          </Button>
        </div>
        <p className="mt-6 text-muted-foreground text-sm">
          Working for another company too? Switch to it from the company menu.
        </p>
      </div>
    </section>
  );
}
