import { type Company, isSessionValid } from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { signOut } from "#web/features/auth/api.ts";
import { STANDALONE_TITLES } from "#web/features/auth/signed-out-pages.ts";
import { meQueryKey, meQueryOptions } from "#web/features/companies/api.ts";
import { AcceptInvitationPage, type InvitationViewer } from "#web/features/team/components/accept-invitation-page.tsx";
import { setSelectedCompany } from "#web/lib/selected-company.ts";
import { readSession } from "#web/lib/session-cookie.ts";
import { toast } from "#web/lib/toast-store.ts";
import { parseTokenSearch } from "#web/lib/token-search.ts";
import { routerPageLink } from "./-page-link.tsx";

// The link an invitation mail carries. Outside `(auth)` and `_app`: it works signed in (join) and
// signed out (sign in, or create the account, and come back). A cold load signed out draws the same page
// without the router (src/standalone/accept_invitation.tsx).
export const Route = createFileRoute("/accept_invitation")({
  validateSearch: parseTokenSearch,
  head: () => ({ meta: [{ title: STANDALONE_TITLES["/accept_invitation"] }] }),
  component: AcceptInvitationRoute,
});

function AcceptInvitationRoute() {
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signedIn, setSignedIn] = useState(() => isSessionValid(readSession()));
  const me = useQuery({ ...meQueryOptions(), enabled: signedIn });

  const onJoined = async (company: Company) => {
    setSelectedCompany(company);
    // The layout checks the selection against the user's companies: they must include the new one first.
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    toast({ title: `Welcome to ${company.name}`, variant: "success" });
    await navigate({ href: "/dashboard", replace: true });
  };

  const onSignOut = () =>
    signOut({
      // Stay here: signed out, the page offers to sign in with the invited address or to create it.
      goToSignIn: async () => setSignedIn(false),
      // The page keeps the invitation it shows in its own state.
      clearCache: () => queryClient.clear(),
    });

  const viewer: InvitationViewer = !signedIn
    ? { state: "signed_out" }
    : me.data
      ? { state: "signed_in", email: me.data.email, onJoined, onSignOut }
      : me.error
        ? { state: "error", error: me.error, retry: () => void me.refetch() }
        : { state: "loading" };

  return <AcceptInvitationPage token={token} viewer={viewer} renderLink={routerPageLink} />;
}
