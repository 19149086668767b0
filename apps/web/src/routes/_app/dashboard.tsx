import { DEFAULT_TIME_FRAME, parseDateRangeSearch } from "@foreman/contract";
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { meQueryOptions, reconcileCompanySelection } from "../../features/companies/api.ts";
import { leadsBreakdownQueryOptions, salesIndicatorsQueryOptions } from "../../features/dashboard/api.ts";
import { DashboardPage } from "../../features/dashboard/components/dashboard-page.tsx";
import { DashboardSkeleton } from "../../features/dashboard/components/dashboard-skeleton.tsx";
import { periodFromSearch } from "../../features/dashboard/period.ts";

export const Route = createFileRoute("/_app/dashboard")({
  validateSearch: parseDateRangeSearch,
  // The default time frame stays out of the address bar.
  search: { middlewares: [stripSearchParams({ timeFrame: DEFAULT_TIME_FRAME })] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    // The layout's loader runs alongside this one: share its user call to learn the company.
    const company = reconcileCompanySelection(await queryClient.ensureQueryData(meQueryOptions()));
    if (!company) return;
    const period = periodFromSearch(deps);
    await Promise.all([
      queryClient.ensureQueryData(salesIndicatorsQueryOptions(company.id, period)),
      queryClient.ensureQueryData(leadsBreakdownQueryOptions(company.id, period)),
    ]);
  },
  head: () => ({ meta: [{ title: "AI sales dashboard · Foreman" }] }),
  pendingComponent: DashboardSkeleton,
  component: DashboardPage,
});
