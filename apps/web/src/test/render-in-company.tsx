import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { CompanyIdProvider } from "#web/lib/company-id.tsx";
import { renderWithRouter } from "./render-with-router.tsx";

/**
 * Renders `ui` as a signed-in screen sees it: inside a company, with a fresh query cache that does not
 * retry (a refused call shows at once), under a real router at `path`.
 */
export function renderInCompany(ui: ReactNode, { companyId, path }: { companyId: string; path?: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = renderWithRouter(
    <QueryClientProvider client={queryClient}>
      <CompanyIdProvider companyId={companyId}>{ui}</CompanyIdProvider>
    </QueryClientProvider>,
    { path },
  );
  return { ...result, queryClient };
}
