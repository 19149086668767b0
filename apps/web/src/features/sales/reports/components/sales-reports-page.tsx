import type { DateRangeSearch, SalesReports } from "@foreman/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { TimeFrameBar } from "#web/components/period/time-frame-bar.tsx";
import { useLoadAfterPaint } from "#web/lib/after-paint.ts";
import { CompanyGate, useCompanyId } from "#web/lib/company-id.tsx";
import { describePeriod, periodFromSearch } from "#web/lib/period.ts";
import { cn } from "#web/lib/utils.ts";
import { EMPTY_SALES_REPORTS, salesReportsQueryOptions } from "../api.ts";
import { loadReportCharts } from "../load-report-charts.ts";
import { ChannelsCard } from "./channels-card.tsx";
import { FunnelCard } from "./funnel-card.tsx";
import { LeadsCard } from "./leads-card.tsx";
import { OrdersCard } from "./orders-card.tsx";
import { SalesCard } from "./sales-card.tsx";
import { SalesReportsSkeleton } from "./sales-reports-skeleton.tsx";

const route = getRouteApi("/_app/sales_reports");

/** `/sales_reports`: the AI sales funnel, sales, leads, orders and channels for one period. */
export function SalesReportsPage() {
  return (
    <CompanyGate fallback={<SalesReportsSkeleton />} resetOnSwitch={false}>
      <SalesReportsScreen />
    </CompanyGate>
  );
}

function SalesReportsScreen() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const companyId = useCompanyId();
  // The charts' chunk (Recharts, ~90 KB) once the figures have painted, not before them.
  useLoadAfterPaint(loadReportCharts);

  const reports = useQuery({
    ...salesReportsQueryOptions(companyId, search),
    placeholderData: keepPreviousData,
  });

  if (!reports.data && reports.isPending) return <SalesReportsSkeleton />;

  const setSearch = (next: DateRangeSearch) => void navigate({ search: next });
  return (
    <div className="space-y-6">
      <PageHeader title="Sales reports" description={describePeriod(periodFromSearch(search))} />
      <TimeFrameBar search={search} onSearch={setSearch} />
      <div className={cn(reports.isPlaceholderData && "opacity-60 transition-opacity")} aria-busy={reports.isFetching}>
        <SalesReportsGrid data={reports.data ?? EMPTY_SALES_REPORTS} />
      </div>
    </div>
  );
}

/** The five reports; one column on phones, two from large screens with the orders across both. */
export function SalesReportsGrid({ data }: { data: SalesReports }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <FunnelCard funnel={data.funnel} />
      <SalesCard data={data} />
      <LeadsCard data={data} />
      <ChannelsCard channels={data.channels} />
      <OrdersCard data={data} className="lg:col-span-2" />
    </div>
  );
}
