import { createFileRoute } from "@tanstack/react-router";
import { ConfirmEmailPage } from "#web/features/profile/components/confirm-email-page.tsx";
import { parseTokenSearch } from "#web/lib/token-search.ts";

// The link sent to a new sign-in address, signed in or out (outside (auth) and _app).
// Every page carries Referrer-Policy: no-referrer (the server's headers): the token never leaves in a Referer.
export const Route = createFileRoute("/confirm_email")({
  validateSearch: parseTokenSearch,
  head: () => ({ meta: [{ title: "Confirm your email · Foreman" }] }),
  component: ConfirmEmailRoute,
});

function ConfirmEmailRoute() {
  const { token } = Route.useSearch();
  return <ConfirmEmailPage token={token} />;
}
