import { useQuery } from "@tanstack/react-query";
import { findSelectedCompany, meQueryOptions } from "#web/features/companies/api.ts";
import { TeamSettings } from "#web/features/team/components/team-settings.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";

// Settings → Team, with the company's name from the shell. Each tab of Settings is its own chunk
// (settings.tsx): a cold /settings fetches General's code, not all seven tabs'.

export function TeamTab() {
  const me = useQuery(meQueryOptions()).data;
  // The company the shell works in (CompanyGate), not the stored selection read again here.
  const companyId = useCompanyId();
  const company = me ? findSelectedCompany(me, companyId) : null;
  return <TeamSettings companyName={company?.name ?? "this company"} />;
}
