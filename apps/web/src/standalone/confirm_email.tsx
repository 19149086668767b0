import type { LinkPageProps } from "#web/features/auth/components/standalone-auth-pages.tsx";
import { ConfirmEmailPage } from "#web/features/profile/components/confirm-email-page.tsx";
import { linkTokenFrom } from "#web/lib/token-search.ts";

/** routes/confirm_email.tsx on a cold load, without the router; no query cache holds the old address. */
export default function ConfirmEmailLinkPage({ search, renderLink }: LinkPageProps) {
  return <ConfirmEmailPage token={linkTokenFrom(search.get("token"))} renderLink={renderLink} />;
}
