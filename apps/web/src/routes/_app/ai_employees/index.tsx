import {
  AI_EMPLOYEES_DEFAULT_SORT,
  type AiEmployeesSearch,
  type AiEmployeesSearchInput,
  DEFAULT_TIME_FRAME,
  FIRST_PAGE,
  parseAiEmployeesSearch,
} from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, type SearchSchemaInput, stripSearchParams, useRouter } from "@tanstack/react-router";
import { useCallback, useMemo } from "react";
import { AiEmployeesLoading } from "#web/features/ai-employees/components/ai-employees-loading.tsx";
import { AiEmployeesPage } from "#web/features/ai-employees/components/ai-employees-page.tsx";
import { hireableDepartments } from "#web/features/ai-employees/components/employee-form-dialog.tsx";
import { useCanManage, useCompanyLanguage } from "#web/features/companies/use-can-manage.ts";
import { CompanyGate, useCompanyId } from "#web/lib/company-id.tsx";
import { departmentsQueryOptions } from "#web/lib/departments.ts";
import { isLatestPath } from "#web/lib/latest-path.ts";
import { getSelectedCompany } from "#web/lib/selected-company.ts";

export const Route = createFileRoute("/_app/ai_employees/")({
  // Typed by what a link may pass (every value optional), so `<Link to="/ai_employees">` needs no search.
  validateSearch: (search: AiEmployeesSearchInput & SearchSchemaInput) => parseAiEmployeesSearch(search),
  // The defaults (month, by name ascending, first page) stay out of the address bar.
  search: {
    middlewares: [
      stripSearchParams({
        timeFrame: DEFAULT_TIME_FRAME,
        page: FIRST_PAGE,
        sort: AI_EMPLOYEES_DEFAULT_SORT,
        desc: false,
      }),
    ],
  },
  // Only the period fetches: the filters, sort and page work on the loaded figures.
  loaderDeps: ({ search }) => ({
    period: { timeFrame: search.timeFrame, from: search["q[created_at_gteq]"], to: search["q[created_at_lteq]"] },
  }),
  // Starts the figures early (also on link hover). Before the first sign-in no company is chosen yet
  // and the page fetches once it is; failures show on the page.
  loader: async ({ context: { queryClient }, deps: { period } }) => {
    const company = getSelectedCompany();
    if (!company) return;
    // Imported here, not at the top: this file's loader is part of the shell's download.
    const { workforceOutcomesQueryOptions } = await import("#web/features/ai-employees/api.ts");
    await queryClient.ensureQueryData(
      workforceOutcomesQueryOptions(company.id, {
        timeFrame: period.timeFrame,
        "q[created_at_gteq]": period.from,
        "q[created_at_lteq]": period.to,
      }),
    );
  },
  head: () => ({ meta: [{ title: "AI employees · Foreman" }] }),
  pendingComponent: AiEmployeesLoading,
  component: AiEmployeesRoute,
});

function AiEmployeesRoute() {
  return (
    <CompanyGate fallback={<AiEmployeesLoading />}>
      <AiEmployeesScreen />
    </CompanyGate>
  );
}

// Inside the gate. Features do not import each other: the role and the departments (the rail's list,
// already loaded by the layout) are read here and handed to the page.
function AiEmployeesScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const companyId = useCompanyId();
  const canManage = useCanManage();
  const language = useCompanyLanguage();
  const { data: departments } = useQuery(departmentsQueryOptions(companyId));
  const choices = useMemo(() => hireableDepartments(departments ?? []), [departments]);
  const router = useRouter();
  const onSearch = useCallback(
    (patch: Partial<AiEmployeesSearch>, options?: { replace?: boolean }) => {
      // A search typed a moment before clicking a row applies after its pause: by then the user is on
      // the way to the profile, and navigating here again would pull them back to the list.
      if (!isLatestPath(router, "/ai_employees")) return;
      void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: options?.replace });
    },
    [navigate, router],
  );
  return (
    <AiEmployeesPage
      search={search}
      onSearch={onSearch}
      canManage={canManage}
      departments={choices}
      language={language}
    />
  );
}
