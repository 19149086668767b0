import type { Integration } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, useRouter } from "@tanstack/react-router";
import { useCallback, useMemo } from "react";
import { meQueryOptions } from "#web/features/companies/api.ts";
import { useCanManage, useCompanyLanguage } from "#web/features/companies/use-can-manage.ts";
import { EmailCard } from "#web/features/email/components/email-card.tsx";
import { TrainingLoading } from "#web/features/training/components/training-loading.tsx";
import { TrainingPage } from "#web/features/training/components/training-page.tsx";
import { parseTrainingSearch, type TrainingSearch } from "#web/features/training/training-search.ts";
import { TemplateManager } from "#web/features/whatsapp/components/template-manager.tsx";
import { WhatsappCard } from "#web/features/whatsapp/components/whatsapp-card.tsx";
import { CompanyGate } from "#web/lib/company-id.tsx";
import { isLatestPath } from "#web/lib/latest-path.ts";

export const Route = createFileRoute("/_app/training")({
  validateSearch: parseTrainingSearch,
  // No loader: its code would load with the shell, which must not grow. The page's queries start as
  // soon as its chunk arrives, and show their own skeletons.
  head: () => ({ meta: [{ title: "Training centre · Foreman" }] }),
  component: TrainingRoute,
});

function TrainingRoute() {
  return (
    <CompanyGate fallback={<TrainingLoading />}>
      <TrainingScreen />
    </CompanyGate>
  );
}

function TrainingScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const canManage = useCanManage();
  const language = useCompanyLanguage();
  const router = useRouter();
  const onSearch = useCallback(
    (patch: Partial<TrainingSearch>, options?: { replace?: boolean }) => {
      // A search typed just before leaving applies after its pause: it must not pull the user back.
      if (!isLatestPath(router, "/training")) return;
      void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: options?.replace });
    },
    [navigate, router],
  );
  const userEmail = useQuery(meQueryOptions()).data?.email;
  // WhatsApp and email draw their own cards in the integrations list; WhatsApp's templates go under it.
  const integrations = useMemo(
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
  return (
    <TrainingPage
      search={search}
      onSearch={onSearch}
      canManage={canManage}
      language={language}
      integrations={integrations}
    />
  );
}
