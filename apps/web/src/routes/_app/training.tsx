import { createFileRoute, useRouter } from "@tanstack/react-router";
import { lazy, useCallback } from "react";
import { useCanManage } from "#web/features/companies/use-can-manage.ts";
import { TrainingLoading } from "#web/features/training/components/training-loading.tsx";
import { TrainingPage } from "#web/features/training/components/training-page.tsx";
import { parseTrainingSearch, type TrainingSearch } from "#web/features/training/training-search.ts";
import { CompanyGate } from "#web/lib/company-id.tsx";
import { isLatestPath } from "#web/lib/latest-path.ts";

// The integrations tab (WhatsApp's and email's cards, the template manager) loads when first shown.
const IntegrationsTab = lazy(() => import("./-integrations.tsx").then((m) => ({ default: m.IntegrationsTab })));

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
  const router = useRouter();
  const onSearch = useCallback(
    (patch: Partial<TrainingSearch>, options?: { replace?: boolean }) => {
      // A search typed just before leaving applies after its pause: it must not pull the user back.
      if (!isLatestPath(router, "/training")) return;
      void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: options?.replace });
    },
    [navigate, router],
  );
  return <TrainingPage search={search} onSearch={onSearch} canManage={canManage} integrations={<IntegrationsTab />} />;
}
