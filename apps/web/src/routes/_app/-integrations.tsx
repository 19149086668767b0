import type { Integration } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { meQueryOptions } from "#web/features/companies/api.ts";
import { EmailCard } from "#web/features/email/components/email-card.tsx";
import type { IntegrationCardRenderers } from "#web/features/training/components/integrations-section.tsx";
import { TemplateManager } from "#web/features/whatsapp/components/template-manager.tsx";
import { WhatsappCard } from "#web/features/whatsapp/components/whatsapp-card.tsx";

/**
 * The integrations list as the training centre and Settings → Integrations both show it: WhatsApp and
 * email draw their own cards, and WhatsApp's templates go under the list. Composed here, by the routes,
 * because features do not import each other.
 */
export function useIntegrationParts(canManage: boolean): { cards: IntegrationCardRenderers; after: ReactNode } {
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
