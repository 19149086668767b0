import { parseRedirectSearch } from "@foreman/contract";
import { createFileRoute } from "@tanstack/react-router";
import { SignUpPage } from "#web/features/auth/components/sign-up-page.tsx";

export const Route = createFileRoute("/(auth)/sign_up")({
  validateSearch: parseRedirectSearch,
  head: () => ({ meta: [{ title: "Sign up · Foreman" }] }),
  component: SignUpRoute,
});

function SignUpRoute() {
  const { redirect } = Route.useSearch();
  return <SignUpPage redirect={redirect} />;
}
