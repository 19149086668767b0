import type { DateRangeSearch, LeadStage } from "@foreman/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { HelpLink } from "#web/components/help-link.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { TimeFrameBar } from "#web/components/period/time-frame-bar.tsx";
import { CompanyGate, useCompanyId } from "#web/lib/company-id.tsx";
import { describePeriod, periodFromSearch } from "#web/lib/period.ts";
import { leadsBreakdownQueryOptions, salesIndicatorsQueryOptions, ZERO_INDICATORS } from "../api.ts";
import { DashboardSkeleton } from "./dashboard-skeleton.tsx";
import { IndicatorCards } from "./indicator-cards.tsx";
import { LeadsBreakdownSection } from "./leads-breakdown.tsx";

const route = getRouteApi("/_app/dashboard");

/**
 * `/dashboard`: indicators and the leads breakdown for a frame or a custom range. `checklist` (another
 * feature's, composed by the route) shows above the indicators, inside the company gate.
 */
export function DashboardPage({ checklist }: { checklist?: ReactNode }) {
  return (
    <CompanyGate fallback={<DashboardSkeleton />} resetOnSwitch={false}>
      <DashboardScreen checklist={checklist} />
    </CompanyGate>
  );
}

function DashboardScreen({ checklist }: { checklist?: ReactNode }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const companyId = useCompanyId();
  // In the address (`?stage=won`), so it survives a reload and back/forward step through it.
  const { stage } = search;

  const indicators = useQuery({
    ...salesIndicatorsQueryOptions(companyId, search),
    placeholderData: keepPreviousData,
  });
  const breakdown = useQuery({
    ...leadsBreakdownQueryOptions(companyId, search, stage),
    placeholderData: keepPreviousData,
  });

  if (!indicators.data && indicators.isPending) return <DashboardSkeleton />;

  // A new period keeps the stage filter; a new stage keeps the period.
  const setSearch = (next: DateRangeSearch) => void navigate({ search: (prev) => ({ ...next, stage: prev.stage }) });
  const setStage = (next: LeadStage | undefined) => void navigate({ search: (prev) => ({ ...prev, stage: next }) });
  return (
    <div className="space-y-6">
      <PageHeader
        title="AI sales dashboard"
        description={describePeriod(periodFromSearch(search), { compared: true })}
        help={<HelpLink topic="dashboard" />}
      />
      {checklist}
      <TimeFrameBar search={search} onSearch={setSearch} />
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
