import { parseRedirectSearch, type RedirectSearch } from "@foreman/contract";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { SignUpPage } from "#web/features/auth/components/sign-up-page.tsx";
import { postAuthDestination } from "#web/features/auth/safe-redirect.ts";
import { STANDALONE_TITLES } from "#web/features/auth/signed-out-pages.ts";
import { acceptInvitationHref } from "#web/lib/invitation-links.ts";
import { linkTokenFrom } from "#web/lib/token-search.ts";

type SignUpSearch = RedirectSearch & { invitation_token?: string };

// Reached from inside the app (and from an invitation's page, `?invitation_token=`). A cold load of
// /sign_up starts without the router and draws the same page (src/signed-out-app.tsx).
export const Route = createFileRoute("/(auth)/sign_up")({
  validateSearch: (search: Record<string, unknown>): SignUpSearch => {
    const token = linkTokenFrom(search.invitation_token);
    return token ? { ...parseRedirectSearch(search), invitation_token: token } : parseRedirectSearch(search);
  },
  head: () => ({ meta: [{ title: STANDALONE_TITLES["/sign_up"] }] }),
  component: SignUpRoute,
});

function SignUpRoute() {
  const { redirect, invitation_token: invitationToken } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <SignUpPage
      invitationToken={invitationToken}
      renderLink={(props) => (
        // From an invitation's sign-up, signing in instead comes back to the invitation to accept it.
        <Link
          {...props}
          search={{
            redirect: props.to === "/sign_in" && invitationToken ? acceptInvitationHref(invitationToken) : redirect,
          }}
        />
      )}
      onSignedUp={() => navigate({ href: postAuthDestination(redirect), replace: true })}
    />
  );
}
