import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { HelpLink } from "#web/components/help-link.tsx";
import { useCanManage } from "#web/features/companies/use-can-manage.ts";
import type { CallsFiltersChange } from "#web/features/phones/components/calls-section.tsx";
import { PhonesLoading, PhonesPage } from "#web/features/phones/components/phones-page.tsx";
import { type PhonesTab, parsePhonesSearch } from "#web/features/phones/phones-search.ts";
import { CompanyGate } from "#web/lib/company-id.tsx";

export const Route = createFileRoute("/_app/phones/")({
  validateSearch: parsePhonesSearch,
  // No loader: its code would load with the shell. The page's queries start as its chunk arrives.
  head: () => ({ meta: [{ title: "Phone numbers · Foreman" }] }),
  component: PhonesRoute,
});

function PhonesRoute() {
  return (
    <CompanyGate fallback={<PhonesLoading />}>
      <PhonesScreen />
    </CompanyGate>
  );
}

function PhonesScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const canManage = useCanManage();
  // Another tab starts from its defaults; another filter is another list, from its first page.
  const onTabChange = useCallback(
    (tab: PhonesTab) => void navigate({ search: tab === "numbers" ? {} : { tab } }),
    [navigate],
  );
  const onFiltersChange = useCallback(
    (change: CallsFiltersChange) => void navigate({ search: (prev) => ({ ...prev, ...change, page: undefined }) }),
    [navigate],
  );
  return (
    <PhonesPage
      search={search}
      canManage={canManage}
      help={<HelpLink topic="phones" />}
      onTabChange={onTabChange}
      onFiltersChange={onFiltersChange}
    />
  );
}
