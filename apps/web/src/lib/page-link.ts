import type { ReactNode } from "react";
import { INVITATION_TOKEN_PARAM } from "./invitation-links.ts";

// The links a mailed link's page shows (reset password, confirm email, accept an invitation). Inside the
// app they are the router's (routes/-page-link.tsx); on a cold load, which starts without the router
// (signed-out-app.tsx), plain ones that switch page in place or hand over to the app.

/** Where such a page links to, with the search each address reads. */
export type PageLinkTarget =
  | { to: "/sign_in"; redirect?: string }
  | { to: "/sign_up"; redirect?: string; invitationToken?: string }
  | { to: "/" }
  | { to: "/profile" };

export type RenderPageLink = (props: PageLinkTarget & { className?: string; children: ReactNode }) => ReactNode;

/** The address the router's Link writes for a target: text values plain and encoded, empty ones left out. */
export function pageHref(target: PageLinkTarget): string {
  const params: [string, string | undefined][] =
    target.to === "/sign_in"
      ? [["redirect", target.redirect]]
      : target.to === "/sign_up"
        ? [
            ["redirect", target.redirect],
            [INVITATION_TOKEN_PARAM, target.invitationToken],
          ]
        : [];
  const search = params
    .filter((param): param is [string, string] => param[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join("&");
  return search ? `${target.to}?${search}` : target.to;
}
