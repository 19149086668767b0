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
  { method: "GET", url: "/app/conversations.json" },
  { method: "GET", url: "/app/conversations.json?stage=won&channel=email&status=open&q=a&relative_date=weekly" },
  { method: "POST", url: "/app/chat/sso_links.json", payload: {} },
  // GET /app/conversations/{id}.json, GET|POST /app/conversations/{id}/messages.json and sso_links.json
  // with a conversation_id need a conversation of A: conversation-detail, messages-page, send-message and
  // sso-links tests answer 404 for B's conversations there.
  { method: "GET", url: "/app/tasks.json" },
  { method: "GET", url: "/app/tasks.json?state=to_do&relative_date=weekly" },
  { method: "GET", url: "/app/tasks" },
  { method: "GET", url: "/app/tasks?state=done" },
  // GET /app/tasks/{id}.json, POST /app/tasks/{id}/resolution.json and POST /internal/assist/… need a task
  // of A (and its account and conversation): tasks.test.ts, resolution.test.ts and assist.test.ts answer
  // 404 for B's there. GET /app/events is a stream that inject cannot end: events.test.ts checks its
  // refusals and that a company's stream only carries that company's events.
];

/** The route's url for a call that sends `companyId` (or none) in X-Company-ID. */
export function scopedUrl(route: ScopedRoute, companyId: string | undefined): string {
  return route.url.replaceAll("{companyId}", encodeURIComponent(companyId?.trim() || "none"));
}
