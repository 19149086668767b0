import { DEFAULT_TIME_FRAME, parseDateRangeSearch } from "@foreman/contract";
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { meQueryOptions, reconcileCompanySelection } from "#web/features/companies/api.ts";
import { salesReportsQueryOptions } from "#web/features/sales/reports/api.ts";
import { SalesReportsPage } from "#web/features/sales/reports/components/sales-reports-page.tsx";
import { SalesReportsSkeleton } from "#web/features/sales/reports/components/sales-reports-skeleton.tsx";

export const Route = createFileRoute("/_app/sales_reports")({
  validateSearch: parseDateRangeSearch,
  // The default time frame (monthly) stays out of the address bar.
  search: { middlewares: [stripSearchParams({ timeFrame: DEFAULT_TIME_FRAME })] },
  // The loader travels in the screen's own chunk, so none of the reports' code weighs on the shell the
  // other screens load; hovering the nav link (intent preloading) still starts the call early.
  codeSplitGroupings: [["loader", "component"], ["pendingComponent"]],
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps, cause }) => {
    // The layout's loader runs alongside this one: share its user call to learn the company.
    const company = reconcileCompanySelection(await queryClient.ensureQueryData(meQueryOptions()));
    if (!company) return;
    const reports = salesReportsQueryOptions(company.id, deps);
    // A period chosen on the page only starts the call: the frame bar shows the choice at once and the
    // page dims the old reports until the new ones arrive. Arriving (or preloading) waits, so the first
    // paint has the figures.
    if (cause === "stay") {
      void queryClient.prefetchQuery(reports);
      return;
    }
    // The charts' chunk is not started here: the page asks for it once it has painted (useLoadAfterPaint).
    await queryClient.ensureQueryData(reports);
  },
  head: () => ({ meta: [{ title: "Sales reports · Foreman" }] }),
  pendingComponent: SalesReportsSkeleton,
  component: SalesReportsPage,
});
