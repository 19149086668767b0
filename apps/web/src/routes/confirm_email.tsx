import { useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { STANDALONE_TITLES } from "#web/features/auth/signed-out-pages.ts";
import { ConfirmEmailPage } from "#web/features/profile/components/confirm-email-page.tsx";
import { parseTokenSearch } from "#web/lib/token-search.ts";
import { routerPageLink } from "./-page-link.tsx";

// The link sent to a new sign-in address, signed in or out (outside (auth) and _app). A cold load draws
// the same page without the router (src/standalone/confirm_email.tsx).
// Every page carries Referrer-Policy: no-referrer (the server's headers): the token never leaves in a Referer.
export const Route = createFileRoute("/confirm_email")({
  validateSearch: parseTokenSearch,
  head: () => ({ meta: [{ title: STANDALONE_TITLES["/confirm_email"] }] }),
  component: ConfirmEmailRoute,
});

function ConfirmEmailRoute() {
  const { token } = Route.useSearch();
  const queryClient = useQueryClient();
  return (
    <ConfirmEmailPage
      token={token}
      renderLink={routerPageLink}
      // Whatever showed the old address (the shell, the profile) reads it again.
      onConfirmed={() => void queryClient.invalidateQueries()}
    />
  );
}
