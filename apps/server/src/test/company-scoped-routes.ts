import type { HTTPMethods } from "fastify";

// Every company-scoped route, for the tenant-isolation matrix (plugins/company-scope.test.ts).
// Add a row with each new scoped endpoint; `url` may use the seeded ids of the two companies.
export type ScopedRoute = {
  method: HTTPMethods;
  url: string;
  payload?: Record<string, unknown>;
};

export const COMPANY_SCOPED_ROUTES: ScopedRoute[] = [{ method: "GET", url: "/app/ai_departments.json" }];
