import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { findSelectedCompany, meQueryOptions } from "#web/features/companies/api.ts";
import { ProfileSummary } from "#web/features/profile/components/profile-summary.tsx";
import { useSelectedCompany } from "#web/lib/selected-company.ts";

export const Route = createFileRoute("/_app/profile")({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(meQueryOptions()),
  head: () => ({ meta: [{ title: "Profile · Foreman" }] }),
  component: ProfilePage,
});

function ProfilePage() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const selected = useSelectedCompany();
  return <ProfileSummary user={me} company={findSelectedCompany(me, selected?.id) ?? me.company} />;
}
