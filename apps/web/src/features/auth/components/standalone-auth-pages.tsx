import { isSessionValid, parseRedirectSearch } from "@foreman/contract";
import { type ComponentType, Suspense, useEffect, useState } from "react";
import { acceptInvitationHref, INVITATION_TOKEN_PARAM } from "#web/lib/invitation-links.ts";
import { pageHref, type RenderPageLink } from "#web/lib/page-link.ts";
import { readSession } from "#web/lib/session-cookie.ts";
import { linkTokenFrom } from "#web/lib/token-search.ts";
import { postAuthDestination } from "../safe-redirect.ts";
import {
  drawnWithoutRouter,
  type LinkPagePath,
  STANDALONE_TITLES,
  type StandalonePath,
  startsWithoutRouter,
} from "../signed-out-pages.ts";
import type { RenderAuthPageLink } from "./auth-page-link.ts";
import { SignInPage } from "./sign-in-page.tsx";
import { SignUpPage } from "./sign-up-page.tsx";

// The pages a cold load draws before the router has been fetched (src/signed-out-app.tsx): sign-in,
// sign-up and the mailed links' pages. What their routes do — the title, the search, the links between
// them, going on into the app — done by hand for these addresses. A link elsewhere hands over to the app.

/** A mailed link's page as a cold load draws it (src/standalone/<name>.tsx): its search and its links. */
export type LinkPageProps = { search: URLSearchParams; renderLink: RenderPageLink };
export type LinkPages = Record<LinkPagePath, ComponentType<LinkPageProps>>;

type Place = { path: StandalonePath; search: string };

/** The page of the current address, if it is drawn here for this visitor; else the app's. */
function currentPlace(): Place | null {
  const { pathname, search } = window.location;
  if (!startsWithoutRouter(pathname) || !drawnWithoutRouter(pathname, isSessionValid(readSession()))) return null;
  return { path: pathname, search };
}

/** `redirect` read as the router reads it (a JSON value is unwrapped: `?redirect="%2Forders"`). */
function readRedirect(search: URLSearchParams): string | undefined {
  const raw = search.get("redirect");
  if (raw === null) return undefined;
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // Plain text, as the app writes it.
  }
  return parseRedirectSearch({ redirect: value }).redirect;
}

type StandaloneAuthPagesProps = {
  /** Hands over to the app at `href` (the current address when none is given). */
  enterApp: (href?: string) => Promise<void>;
  /** The mailed links' pages, each fetched when first drawn. */
  linkPages: LinkPages;
};

export function StandaloneAuthPages({ enterApp, linkPages }: StandaloneAuthPagesProps) {
  const [place, setPlace] = useState(currentPlace);

  useEffect(() => {
    // Back and forward between these pages; anywhere else is the app's.
    const onPopState = () => {
      const next = currentPlace();
      if (next) setPlace(next);
      else void enterApp();
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, [enterApp]);

  useEffect(() => {
    if (place) document.title = STANDALONE_TITLES[place.path];
  }, [place]);

  if (!place) return null;

  const renderLink: RenderPageLink = ({ className, children, ...target }) => {
    const href = pageHref(target);
    return (
      <a
        href={href}
        className={className}
        onClick={(event) => {
          // A new tab or window is the browser's business.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          window.history.pushState(null, "", href);
          const next = currentPlace();
          if (next) {
            window.scrollTo(0, 0);
            setPlace(next);
          } else void enterApp();
        }}
      >
        {children}
      </a>
    );
  };

  const search = new URLSearchParams(place.search);
  if (place.path === "/sign_in" || place.path === "/sign_up") {
    const redirect = readRedirect(search);
    const invitationToken = place.path === "/sign_up" ? linkTokenFrom(search.get(INVITATION_TOKEN_PARAM)) : undefined;
    // The link from one to the other keeps `redirect`; from an invitation's sign-up, signing in instead
    // comes back to the invitation to accept it.
    const authLink: RenderAuthPageLink = ({ to, className, children }) =>
      renderLink({
        to,
        redirect: to === "/sign_in" && invitationToken ? acceptInvitationHref(invitationToken) : redirect,
        className,
        children,
      });
    const goOn = () => enterApp(postAuthDestination(redirect));
    return place.path === "/sign_in" ? (
      <SignInPage key="/sign_in" renderLink={authLink} onSignedIn={goOn} />
    ) : (
      <SignUpPage key="/sign_up" renderLink={authLink} onSignedUp={goOn} invitationToken={invitationToken} />
    );
  }
  const LinkPage = linkPages[place.path];
  return (
    <Suspense fallback={null}>
      <LinkPage key={place.path + place.search} search={search} renderLink={renderLink} />
    </Suspense>
  );
}
