import {
  CREATED_AT_FROM_KEY,
  CREATED_AT_TO_KEY,
  type DateRangeSearch,
  formatLongDate,
  type LeadStage,
  type TimeFrame,
} from "@foreman/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { PageHeader } from "../../../components/layout/page-header.tsx";
import { TimeFrameBar } from "../../../components/period/time-frame-bar.tsx";
import { periodFromSearch, type SalesPeriod } from "../../../lib/sales-period.ts";
import { useSelectedCompany } from "../../../lib/selected-company.ts";
import { leadsBreakdownQueryOptions, salesIndicatorsQueryOptions, ZERO_INDICATORS } from "../api.ts";
import { DashboardSkeleton } from "./dashboard-skeleton.tsx";
import { IndicatorCards } from "./indicator-cards.tsx";
import { LeadsBreakdownSection } from "./leads-breakdown.tsx";

const route = getRouteApi("/_app/dashboard");

const FRAME_DESCRIPTIONS: Record<TimeFrame, string> = {
  daily: "Today, compared with yesterday",
  weekly: "The last 7 days, compared with the 7 days before",
  monthly: "The last 30 days, compared with the 30 days before",
};

function describePeriod(period: SalesPeriod): string {
  if (period.kind === "frame") return FRAME_DESCRIPTIONS[period.timeFrame];
  return `${formatLongDate(period.from)} – ${formatLongDate(period.to)}, compared with the period just before`;
}

/** `/dashboard` (spec §2): indicators and the leads breakdown for a frame or a custom range. */
export function DashboardPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const company = useSelectedCompany();
  // In the address (`?stage=won`), so it survives a reload and back/forward step through it.
  const { stage } = search;
  const period = periodFromSearch(search);
  const companyId = company?.id ?? "";

  const indicators = useQuery({
    ...salesIndicatorsQueryOptions(companyId, period),
    enabled: companyId !== "",
    placeholderData: keepPreviousData,
  });
  const breakdown = useQuery({
    ...leadsBreakdownQueryOptions(companyId, period, stage),
    enabled: companyId !== "",
    placeholderData: keepPreviousData,
  });

  if (!indicators.data && indicators.isPending) return <DashboardSkeleton />;

  // A new period keeps the stage filter; a new stage keeps the period.
  const setSearch = (next: DateRangeSearch) => void navigate({ search: (prev) => ({ ...next, stage: prev.stage }) });
  const setStage = (next: LeadStage | undefined) => void navigate({ search: (prev) => ({ ...prev, stage: next }) });
  return (
    <div className="space-y-6">
      <PageHeader title="AI sales dashboard" description={describePeriod(period)} />
      <TimeFrameBar
        period={period}
        onFrame={(timeFrame) => setSearch({ timeFrame })}
        onRange={(from, to) =>
          setSearch({ timeFrame: search.timeFrame, [CREATED_AT_FROM_KEY]: from, [CREATED_AT_TO_KEY]: to })
        }
        onClearRange={() => setSearch({ timeFrame: search.timeFrame })}
      />
      <div
        className={indicators.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}
        aria-busy={indicators.isFetching}
      >
        <IndicatorCards data={indicators.data ?? ZERO_INDICATORS} />
      </div>
      <LeadsBreakdownSection data={breakdown.data} stage={stage} onStage={setStage} loading={breakdown.isFetching} />
    </div>
  );
}
