import { useQuery } from "@tanstack/react-query";
import { findSelectedCompany, meQueryOptions } from "#web/features/companies/api.ts";
import { useCanManage, useCompanyLanguage } from "#web/features/companies/use-can-manage.ts";
import { TeamSettings } from "#web/features/team/components/team-settings.tsx";
import { IntegrationsSection } from "#web/features/training/components/integrations-section.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { useIntegrationParts } from "./-integrations.tsx";

// The Settings tabs that need the route's own composition. Each tab of Settings is its own chunk
// (settings.tsx): a cold /settings fetches General's code, not all seven tabs'.

export function TeamTab() {
  const me = useQuery(meQueryOptions()).data;
  // The company the shell works in (CompanyGate), not the stored selection read again here.
  const companyId = useCompanyId();
  const company = me ? findSelectedCompany(me, companyId) : null;
  return <TeamSettings companyName={company?.name ?? "this company"} />;
}

/** The training centre's integrations list, with WhatsApp's signup and template manager, as the spec places them here too. */
export function IntegrationsTab() {
  const canManage = useCanManage();
  const language = useCompanyLanguage();
  const { cards, after } = useIntegrationParts(canManage);
  return (
    <IntegrationsSection canManage={canManage} language={language} cards={cards}>
      {after}
    </IntegrationsSection>
  );
}
