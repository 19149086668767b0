import {
  CREATED_AT_FROM_KEY,
  CREATED_AT_TO_KEY,
  type DateRangeSearch,
  formatLongDate,
  type SalesReports,
  type TimeFrame,
} from "@foreman/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { PageHeader } from "../../../components/layout/page-header.tsx";
import { TimeFrameBar } from "../../../components/period/time-frame-bar.tsx";
import { periodFromSearch, type SalesPeriod } from "../../../lib/sales-period.ts";
import { useSelectedCompany } from "../../../lib/selected-company.ts";
import { cn } from "../../../lib/utils.ts";
import { EMPTY_SALES_REPORTS, salesReportsQueryOptions } from "../api.ts";
import { ChannelsCard } from "./channels-card.tsx";
import { FunnelCard } from "./funnel-card.tsx";
import { LeadsCard } from "./leads-card.tsx";
import { OrdersCard } from "./orders-card.tsx";
import { SalesCard } from "./sales-card.tsx";
import { SalesReportsSkeleton } from "./sales-reports-skeleton.tsx";

const route = getRouteApi("/_app/sales_reports");

const FRAME_DESCRIPTIONS: Record<TimeFrame, string> = {
  daily: "Today",
  weekly: "The last 7 days",
  monthly: "The last 30 days",
};

export function describeReportPeriod(period: SalesPeriod): string {
  if (period.kind === "frame") return FRAME_DESCRIPTIONS[period.timeFrame];
  return `${formatLongDate(period.from)} – ${formatLongDate(period.to)}`;
}

/** `/sales_reports` (issue 3): the AI sales funnel, sales, leads, orders and channels for one period. */
export function SalesReportsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const company = useSelectedCompany();
  const period = periodFromSearch(search);
  const companyId = company?.id ?? "";

  const reports = useQuery({
    ...salesReportsQueryOptions(companyId, period),
    enabled: companyId !== "",
    placeholderData: keepPreviousData,
  });

  if (!reports.data && reports.isPending) return <SalesReportsSkeleton />;

  const setSearch = (next: DateRangeSearch) => void navigate({ search: next });
  return (
    <div className="space-y-6">
      <PageHeader title="Sales reports" description={describeReportPeriod(period)} />
      <TimeFrameBar
        period={period}
        onFrame={(timeFrame) => setSearch({ timeFrame })}
        onRange={(from, to) =>
          setSearch({ timeFrame: search.timeFrame, [CREATED_AT_FROM_KEY]: from, [CREATED_AT_TO_KEY]: to })
        }
        onClearRange={() => setSearch({ timeFrame: search.timeFrame })}
      />
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
