import type { LinkPageProps } from "#web/features/auth/components/standalone-auth-pages.tsx";
import { AcceptInvitationPage } from "#web/features/team/components/accept-invitation-page.tsx";
import { linkTokenFrom } from "#web/lib/token-search.ts";

/** routes/accept_invitation.tsx on a cold load, drawn only signed out (signed in, the app draws it). */
export default function AcceptInvitationLinkPage({ search, renderLink }: LinkPageProps) {
  return (
    <AcceptInvitationPage
      token={linkTokenFrom(search.get("token"))}
      viewer={{ state: "signed_out" }}
      renderLink={renderLink}
    />
  );
}
