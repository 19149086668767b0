import type { DateRangeSearch, LeadStage, LeadsBreakdown, SalesIndicators } from "@foreman/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { orFallback } from "#web/lib/or-fallback.ts";
import { periodKey, periodQuery } from "#web/lib/period.ts";

// The dashboard's two calls and their degradation: a failed call is reported
// and replaced by empty defaults, so the rest of the screen still renders.

/** How many leads the breakdown shows at once (the server caps a page at 100). */
export const BREAKDOWN_PAGE_SIZE = 25;
const STALE_MS = 30_000;

export const ZERO_INDICATORS: SalesIndicators = {
  totalSalesAmount: { present: 0, past: 0, currency: "USD" },
  totalCustomers: { present: 0, past: 0 },
  leadsCount: { present: 0, past: 0 },
  qualifiedLeadsCount: { present: 0, past: 0 },
  quoted: { present: 0, past: 0 },
  inFollowUp: { present: 0, past: 0 },
  won: { present: 0, past: 0 },
  turnaroundTimeMinutes: { present: 0, past: 0 },
};

export const EMPTY_BREAKDOWN: LeadsBreakdown = { leads: [], total: 0 };

export const dashboardKeys = {
  all: (companyId: string) => ["dashboard", companyId] as const,
  indicators: (companyId: string, period: DateRangeSearch) =>
    ["dashboard", companyId, "indicators", periodKey(period)] as const,
  breakdown: (companyId: string, period: DateRangeSearch, stage: LeadStage | undefined) =>
    ["dashboard", companyId, "leads-breakdown", periodKey(period), stage ?? "all"] as const,
};

/** `GET /app/companies/{id}/sales_indicators.json`; the server answers through the contract's schema. */
export function fetchSalesIndicators(companyId: string, period: DateRangeSearch, signal?: AbortSignal) {
  return apiRequest<SalesIndicators>(`/app/companies/${encodeURIComponent(companyId)}/sales_indicators.json`, {
    companyScoped: true,
    companyId,
    query: periodQuery(period),
    signal,
  });
}

/** `GET /app/companies/{id}/leads_breakdowns.json`, newest first, optionally of one stage. */
export function fetchLeadsBreakdown(
  companyId: string,
  period: DateRangeSearch,
  stage: LeadStage | undefined,
  signal?: AbortSignal,
) {
  return apiRequest<LeadsBreakdown>(`/app/companies/${encodeURIComponent(companyId)}/leads_breakdowns.json`, {
    companyScoped: true,
    companyId,
    query: { ...periodQuery(period), stage, perPage: BREAKDOWN_PAGE_SIZE },
    signal,
  });
}

export function salesIndicatorsQueryOptions(companyId: string, period: DateRangeSearch) {
  return queryOptions({
    queryKey: dashboardKeys.indicators(companyId, period),
    staleTime: STALE_MS,
    queryFn: ({ signal }) =>
      orFallback(
        () => fetchSalesIndicators(companyId, period, signal),
        signal,
        "Couldn't load the sales indicators",
        ZERO_INDICATORS,
      ),
  });
}

export function leadsBreakdownQueryOptions(companyId: string, period: DateRangeSearch, stage?: LeadStage) {
  return queryOptions({
    queryKey: dashboardKeys.breakdown(companyId, period, stage),
    staleTime: STALE_MS,
    queryFn: ({ signal }) =>
      orFallback(
        () => fetchLeadsBreakdown(companyId, period, stage, signal),
        signal,
        "Couldn't load the leads breakdown",
        EMPTY_BREAKDOWN,
      ),
  });
}
