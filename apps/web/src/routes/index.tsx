import { parseRedirectSearch } from "@foreman/contract";
import { createFileRoute, redirect } from "@tanstack/react-router";
import { postAuthDestination } from "#web/features/auth/safe-redirect.ts";

// `/` has no screen of its own: it goes to the dashboard, or to the same-site page named
// by `redirect` (a signed-in visitor sent here from /sign_in?redirect=/orders ends up on /orders).
// Signed-out visitors then meet that page's guard and land on /sign_in?redirect=….
export const Route = createFileRoute("/")({
  validateSearch: parseRedirectSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ href: postAuthDestination(search.redirect), replace: true });
  },
});
