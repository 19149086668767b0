import type { Integration } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { meQueryOptions } from "#web/features/companies/api.ts";
import { useCanManage, useCompanyLanguage } from "#web/features/companies/use-can-manage.ts";
import { EmailCard } from "#web/features/email/components/email-card.tsx";
import {
  type IntegrationCardRenderers,
  IntegrationsSection,
} from "#web/features/training/components/integrations-section.tsx";
import { TemplateManager } from "#web/features/whatsapp/components/template-manager.tsx";
import { WhatsappCard } from "#web/features/whatsapp/components/whatsapp-card.tsx";

/**
 * The integrations list as the training centre and Settings → Integrations both show it: WhatsApp and
 * email draw their own cards, and WhatsApp's templates go under the list. Composed here, by the routes,
 * because features do not import each other.
 */
function useIntegrationParts(canManage: boolean): { cards: IntegrationCardRenderers; after: ReactNode } {
  const userEmail = useQuery(meQueryOptions()).data?.email;
  return useMemo(
    () => ({
      cards: {
        whatsapp: (integration: Integration) => <WhatsappCard integration={integration} canManage={canManage} />,
        email: (integration: Integration) => (
          <EmailCard integration={integration} canManage={canManage} userEmail={userEmail} />
        ),
      },
      after: <TemplateManager canManage={canManage} />,
    }),
    [canManage, userEmail],
  );
}

/**
 * The integrations tab of the training centre and of Settings: the list, with WhatsApp's signup and
 * template manager. Both load it when the tab is first shown (its code is the cards' and the manager's).
 */
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
