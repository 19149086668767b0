import { parseRedirectSearch } from "@foreman/contract";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { SignUpPage } from "#web/features/auth/components/sign-up-page.tsx";
import { postAuthDestination } from "#web/features/auth/safe-redirect.ts";
import { SIGNED_OUT_TITLES } from "#web/features/auth/signed-out-pages.ts";

// Reached from inside the app. A cold load of /sign_up starts without the router and draws the same
// page (src/signed-out-app.tsx).
export const Route = createFileRoute("/(auth)/sign_up")({
  validateSearch: parseRedirectSearch,
  head: () => ({ meta: [{ title: SIGNED_OUT_TITLES["/sign_up"] }] }),
  component: SignUpRoute,
});

function SignUpRoute() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <SignUpPage
      renderLink={(props) => <Link {...props} search={{ redirect }} />}
      onSignedUp={() => navigate({ href: postAuthDestination(redirect), replace: true })}
    />
  );
}
