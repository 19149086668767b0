import type { HTTPMethods } from "fastify";

// Every company-scoped route, for the tenant-isolation matrix (plugins/company-scope.test.ts).
// Add a row with each new scoped endpoint. `{companyId}` in `url` is replaced by the company id the
// call sends in X-Company-ID (routes that also name the company in the path).
export type ScopedRoute = {
  method: HTTPMethods;
  url: string;
  payload?: Record<string, unknown>;
};

export const COMPANY_SCOPED_ROUTES: ScopedRoute[] = [
  { method: "GET", url: "/app/ai_departments.json" },
  { method: "GET", url: "/app/companies/{companyId}/sales_indicators.json" },
  { method: "GET", url: "/app/companies/{companyId}/leads_breakdowns.json?relative_date=monthly" },
  { method: "GET", url: "/app/companies/{companyId}/sales_reports.json" },
  { method: "GET", url: "/app/quotes.json" },
  // GET /app/quotes/{id}.json, GET /app/quotes/{id}.pdf and POST /app/quotes/{id}/cancel.json need a
  // quote of A to answer A; quotes.test.ts and order-actions.test.ts cover their isolation.
];

/** The route's url for a call that sends `companyId` (or none) in X-Company-ID. */
export function scopedUrl(route: ScopedRoute, companyId: string | undefined): string {
  return route.url.replaceAll("{companyId}", encodeURIComponent(companyId?.trim() || "none"));
}
