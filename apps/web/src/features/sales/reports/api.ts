import { CHANNELS, type DateRangeSearch, FUNNEL_STAGES, ORDER_STATES, type SalesReports } from "@foreman/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { orFallback } from "#web/lib/or-fallback.ts";
import { periodKey, periodQuery } from "#web/lib/period.ts";

// The reports screen's one call and its degradation: a failed call is reported and
// replaced by empty reports, so the screen still renders with its empty states.

const STALE_MS = 30_000;

export const EMPTY_SALES_REPORTS: SalesReports = {
  currency: "USD",
  bucket: "day",
  funnel: FUNNEL_STAGES.map((stage) => ({ stage, count: 0 })),
  salesOverTime: [],
  leadsOverTime: [],
  purchaseOrders: ORDER_STATES.map((state) => ({ state, count: 0, amount: 0 })),
  channels: CHANNELS.map((channel) => ({ channel, count: 0 })),
};

export const salesReportsKeys = {
  all: (companyId: string) => ["sales-reports", companyId] as const,
  period: (companyId: string, period: DateRangeSearch) => ["sales-reports", companyId, periodKey(period)] as const,
};

/** `GET /app/companies/{id}/sales_reports.json`; the server answers through the contract's schema. */
export function fetchSalesReports(companyId: string, period: DateRangeSearch, signal?: AbortSignal) {
  return apiRequest<SalesReports>(`/app/companies/${encodeURIComponent(companyId)}/sales_reports.json`, {
    companyScoped: true,
    companyId,
    query: periodQuery(period),
    signal,
  });
}

export function salesReportsQueryOptions(companyId: string, period: DateRangeSearch) {
  return queryOptions({
    queryKey: salesReportsKeys.period(companyId, period),
    staleTime: STALE_MS,
    queryFn: ({ signal }) =>
      orFallback(
        () => fetchSalesReports(companyId, period, signal),
        signal,
        "Couldn't load the sales reports",
        EMPTY_SALES_REPORTS,
      ),
  });
}
