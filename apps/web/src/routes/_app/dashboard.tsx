import { DEFAULT_TIME_FRAME, parseDashboardSearch } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { meQueryOptions, reconcileCompanySelection } from "#web/features/companies/api.ts";
import { GettingStarted } from "#web/features/getting-started/components/getting-started.tsx";
import { leadsBreakdownQueryOptions, salesIndicatorsQueryOptions } from "#web/features/sales/dashboard/api.ts";
import { DashboardPage } from "#web/features/sales/dashboard/components/dashboard-page.tsx";
import { DashboardSkeleton } from "#web/features/sales/dashboard/components/dashboard-skeleton.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";

export const Route = createFileRoute("/_app/dashboard")({
  // The period and the leads breakdown's stage (`?stage=qualified`; all stages when absent).
  validateSearch: parseDashboardSearch,
  // The default time frame stays out of the address bar.
  search: { middlewares: [stripSearchParams({ timeFrame: DEFAULT_TIME_FRAME })] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps, cause }) => {
    // The layout's loader runs alongside this one: share its user call to learn the company.
    const company = reconcileCompanySelection(await queryClient.ensureQueryData(meQueryOptions()));
    if (!company) return;
    const indicators = salesIndicatorsQueryOptions(company.id, deps);
    const breakdown = leadsBreakdownQueryOptions(company.id, deps, deps.stage);
    // A period or stage chosen on the page only starts the calls: the controls show the choice at once
    // and the page dims the old figures until the new ones arrive. Arriving (or preloading) waits, so
    // the first paint has the figures.
    if (cause === "stay") {
      void queryClient.prefetchQuery(indicators);
      void queryClient.prefetchQuery(breakdown);
      return;
    }
    await Promise.all([queryClient.ensureQueryData(indicators), queryClient.ensureQueryData(breakdown)]);
  },
  head: () => ({ meta: [{ title: "AI sales dashboard · Foreman" }] }),
  pendingComponent: DashboardSkeleton,
  component: DashboardRoute,
});

// The getting-started checklist (its own feature) sits above the indicators until it is done or hidden.
function DashboardRoute() {
  return <DashboardPage checklist={<Checklist />} />;
}

// The role from the user call the layout already made (not use-can-manage.ts: one chunk less on a
// cold dashboard, whose download is at its budget).
function Checklist() {
  const companyId = useCompanyId();
  const { data: me } = useQuery(meQueryOptions());
  return <GettingStarted role={me?.managedCompanies.find((c) => c.id === companyId)?.role} />;
}
