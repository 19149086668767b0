import { parseRedirectSearch } from "@foreman/contract";
import { createFileRoute } from "@tanstack/react-router";
import { SignInPage } from "#web/features/auth/components/sign-in-page.tsx";

export const Route = createFileRoute("/(auth)/sign_in")({
  validateSearch: parseRedirectSearch,
  head: () => ({ meta: [{ title: "Sign in · Foreman" }] }),
  component: SignInRoute,
});

function SignInRoute() {
  const { redirect } = Route.useSearch();
  return <SignInPage redirect={redirect} />;
}
