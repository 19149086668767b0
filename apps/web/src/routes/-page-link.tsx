import { Link } from "@tanstack/react-router";
import type { RenderPageLink } from "#web/lib/page-link.ts";

/** A mailed link's page's links inside the app: the router's. The cold load draws plain ones (lib/page-link.ts). */
export const routerPageLink: RenderPageLink = ({ className, children, ...target }) => {
  switch (target.to) {
    case "/sign_in":
      return (
        <Link to="/sign_in" search={{ redirect: target.redirect }} className={className}>
          {children}
        </Link>
      );
    case "/sign_up":
      return (
        <Link
          to="/sign_up"
          search={{ redirect: target.redirect, invitation_token: target.invitationToken }}
          className={className}
        >
          {children}
        </Link>
      );
    default:
      return (
        <Link to={target.to} className={className}>
          {children}
        </Link>
      );
  }
};
