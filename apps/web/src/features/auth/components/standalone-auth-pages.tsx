import { parseRedirectSearch } from "@foreman/contract";
import { useEffect, useState } from "react";
import { acceptInvitationHref, INVITATION_TOKEN_PARAM } from "#web/lib/invitation-links.ts";
import { linkTokenFrom } from "#web/lib/token-search.ts";
import { postAuthDestination } from "../safe-redirect.ts";
import { isSignedOutPath, SIGNED_OUT_TITLES, type SignedOutPath } from "../signed-out-pages.ts";
import type { RenderAuthPageLink } from "./auth-page-link.ts";
import { SignInPage } from "./sign-in-page.tsx";
import { SignUpPage } from "./sign-up-page.tsx";

// The sign-in and sign-up pages on a cold load, before the router has been fetched
// (src/signed-out-app.tsx): what their routes do — the title, `redirect`, the link from one page to the
// other, going on once signed in — done by hand for these two addresses.

/** `invitationToken`: /sign_up opened from an invitation link. */
type Place = { path: SignedOutPath; redirect?: string; invitationToken?: string };

/** `redirect` read as the router reads it (a JSON value is unwrapped: `?redirect="%2Forders"`). */
function readRedirect(search: string): string | undefined {
  const raw = new URLSearchParams(search).get("redirect");
  if (raw === null) return undefined;
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // Plain text, as the app writes it.
  }
  return parseRedirectSearch({ redirect: value }).redirect;
}

function currentPlace(): Place | null {
  const { pathname, search } = window.location;
  if (!isSignedOutPath(pathname)) return null;
  const invitationToken =
    pathname === "/sign_up" ? linkTokenFrom(new URLSearchParams(search).get(INVITATION_TOKEN_PARAM)) : undefined;
  return { path: pathname, redirect: readRedirect(search), invitationToken };
}

/** The address the router's Link would write: `redirect` (and an invitation's token) as plain encoded text. */
function hrefOf({ path, redirect, invitationToken }: Place): string {
  const params = [
    redirect === undefined ? null : `redirect=${encodeURIComponent(redirect)}`,
    invitationToken === undefined ? null : `${INVITATION_TOKEN_PARAM}=${encodeURIComponent(invitationToken)}`,
  ].filter(Boolean);
  return params.length > 0 ? `${path}?${params.join("&")}` : path;
}

type StandaloneAuthPagesProps = {
  /** Hands over to the app at `href` (the current address when none is given). */
  enterApp: (href?: string) => Promise<void>;
};

export function StandaloneAuthPages({ enterApp }: StandaloneAuthPagesProps) {
  const [place, setPlace] = useState(currentPlace);

  useEffect(() => {
    // Back and forward between the two pages; anywhere else is the app's.
    const onPopState = () => {
      const next = currentPlace();
      if (next) setPlace(next);
      else void enterApp();
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [enterApp]);

  useEffect(() => {
    if (place) document.title = SIGNED_OUT_TITLES[place.path];
  }, [place]);

  if (!place) return null;

  const renderLink: RenderAuthPageLink = ({ to, className, children }) => {
    // From an invitation's sign-up, signing in instead comes back to the invitation to accept it.
    const redirect =
      to === "/sign_in" && place.invitationToken ? acceptInvitationHref(place.invitationToken) : place.redirect;
    const next: Place = { path: to, redirect };
    return (
      <a
        href={hrefOf(next)}
        className={className}
        onClick={(event) => {
          // A new tab or window is the browser's business.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          window.history.pushState(null, "", hrefOf(next));
          window.scrollTo(0, 0);
          setPlace(next);
        }}
      >
        {children}
      </a>
    );
  };
  const goOn = () => enterApp(postAuthDestination(place.redirect));

  return place.path === "/sign_in" ? (
    <SignInPage key="/sign_in" renderLink={renderLink} onSignedIn={goOn} />
  ) : (
    <SignUpPage key="/sign_up" renderLink={renderLink} onSignedUp={goOn} invitationToken={place.invitationToken} />
  );
}
