import { ResetPasswordPage } from "#web/features/auth/components/reset-password-page.tsx";
import type { LinkPageProps } from "#web/features/auth/components/standalone-auth-pages.tsx";
import { linkTokenFrom } from "#web/lib/token-search.ts";

/** routes/reset_password.tsx on a cold load, without the router. */
export default function ResetPasswordLinkPage({ search, renderLink }: LinkPageProps) {
  return <ResetPasswordPage token={linkTokenFrom(search.get("token"))} renderLink={renderLink} />;
}
