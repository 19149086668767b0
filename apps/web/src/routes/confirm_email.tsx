import { createFileRoute } from "@tanstack/react-router";
import { ConfirmEmailPage } from "#web/features/profile/components/confirm-email-page.tsx";
import { parseTokenSearch } from "#web/lib/token-search.ts";

// The link sent to a new sign-in address, signed in or out (outside (auth) and _app). The token stays
// out of the Referer of anything the page loads or links to.
export const Route = createFileRoute("/confirm_email")({
  validateSearch: parseTokenSearch,
  head: () => ({
    meta: [{ title: "Confirm your email · Foreman" }, { name: "referrer", content: "no-referrer" }],
  }),
  component: ConfirmEmailRoute,
});

function ConfirmEmailRoute() {
  const { token } = Route.useSearch();
  return <ConfirmEmailPage token={token} />;
}
