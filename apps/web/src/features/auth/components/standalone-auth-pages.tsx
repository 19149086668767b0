import { parseRedirectSearch } from "@foreman/contract";
import { useEffect, useState } from "react";
import { postAuthDestination } from "../safe-redirect.ts";
import { isSignedOutPath, SIGNED_OUT_TITLES, type SignedOutPath } from "../signed-out-pages.ts";
import type { RenderAuthPageLink } from "./auth-page-link.ts";
import { SignInPage } from "./sign-in-page.tsx";
import { SignUpPage } from "./sign-up-page.tsx";

// The sign-in and sign-up pages on a cold load, before the router has been fetched
// (src/signed-out-app.tsx): what their routes do — the title, `redirect`, the link from one page to the
// other, going on once signed in — done by hand for these two addresses.

type Place = { path: SignedOutPath; redirect?: string };

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
  return isSignedOutPath(pathname) ? { path: pathname, redirect: readRedirect(search) } : null;
}

/** The address the router's Link would write: `redirect` as plain encoded text. */
function hrefOf({ path, redirect }: Place): string {
  return redirect === undefined ? path : `${path}?redirect=${encodeURIComponent(redirect)}`;
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
    const next = { path: to, redirect: place.redirect };
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
    <SignUpPage key="/sign_up" renderLink={renderLink} onSignedUp={goOn} />
  );
}
