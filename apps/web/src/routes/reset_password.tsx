import { createFileRoute } from "@tanstack/react-router";
import { ResetPasswordPage } from "#web/features/auth/components/reset-password-page.tsx";
import { parseTokenSearch } from "#web/lib/token-search.ts";

// The reset mail's link, signed in or out (outside (auth) and _app).
// Every page carries Referrer-Policy: no-referrer (the server's headers): the token never leaves in a Referer.
export const Route = createFileRoute("/reset_password")({
  validateSearch: parseTokenSearch,
  head: () => ({ meta: [{ title: "Choose a new password · Foreman" }] }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
