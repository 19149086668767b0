import { createFileRoute } from "@tanstack/react-router";
import { ResetPasswordPage } from "#web/features/auth/components/reset-password-page.tsx";
import { STANDALONE_TITLES } from "#web/features/auth/signed-out-pages.ts";
import { parseTokenSearch } from "#web/lib/token-search.ts";
import { routerPageLink } from "./-page-link.tsx";

// The reset mail's link, signed in or out (outside (auth) and _app). A cold load draws the same page
// without the router (src/standalone/reset_password.tsx).
// Every page carries Referrer-Policy: no-referrer (the server's headers): the token never leaves in a Referer.
export const Route = createFileRoute("/reset_password")({
  validateSearch: parseTokenSearch,
  head: () => ({ meta: [{ title: STANDALONE_TITLES["/reset_password"] }] }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} renderLink={routerPageLink} />;
}
