import { parseRedirectSearch } from "@foreman/contract";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { SignInPage } from "#web/features/auth/components/sign-in-page.tsx";
import { postAuthDestination } from "#web/features/auth/safe-redirect.ts";
import { STANDALONE_TITLES } from "#web/features/auth/signed-out-pages.ts";

// Reached from inside the app (sign-out, an expired session). A cold load of /sign_in starts without
// the router and draws the same page (src/signed-out-app.tsx).
export const Route = createFileRoute("/(auth)/sign_in")({
  validateSearch: parseRedirectSearch,
  head: () => ({ meta: [{ title: STANDALONE_TITLES["/sign_in"] }] }),
  component: SignInRoute,
});

function SignInRoute() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <SignInPage
      renderLink={(props) => <Link {...props} search={{ redirect }} />}
      onSignedIn={() => navigate({ href: postAuthDestination(redirect), replace: true })}
    />
  );
}
