import {
  type DateRangeSearch,
  type DateRangeSearchInput,
  DEFAULT_TIME_FRAME,
  parseDateRangeSearch,
} from "@foreman/contract";
import { createFileRoute, notFound, type SearchSchemaInput, stripSearchParams } from "@tanstack/react-router";
import { AiEmployeeNotFound } from "#web/features/ai-employees/components/ai-employee-not-found.tsx";
import { AiEmployeeProfilePage } from "#web/features/ai-employees/components/ai-employee-profile-page.tsx";
import { ProfileLoading } from "#web/features/ai-employees/components/profile-loading.tsx";
import { useCanManage } from "#web/features/companies/use-can-manage.ts";
import { CompanyGate } from "#web/lib/company-id.tsx";
import { getSelectedCompany } from "#web/lib/selected-company.ts";

export const Route = createFileRoute("/_app/ai_employees/$aiEmployeeId")({
  // Links from the lists may leave the period out (monthly applies): the input is all optional.
  validateSearch: (search: DateRangeSearchInput & SearchSchemaInput) => parseDateRangeSearch(search),
  // The default time frame (monthly) stays out of the address bar.
  search: { middlewares: [stripSearchParams({ timeFrame: DEFAULT_TIME_FRAME })] },
  loaderDeps: ({ search }) => search,
  // Starts the calls early; before the first sign-in the company is not chosen yet and the page fetches
  // once it is. A 404 (missing, malformed or another company's id) is the not-found page.
  loader: async ({ context: { queryClient }, params: { aiEmployeeId }, deps, cause }) => {
    const company = getSelectedCompany();
    if (!company) return;
    // Imported here, not at the top: this file's loader is part of the shell's download.
    const api = await import("#web/features/ai-employees/api.ts");
    const outcomes = api.employeeOutcomesQueryOptions(company.id, aiEmployeeId, deps);
    // A period chosen on the page only starts the call: the bar shows the choice at once and the page
    // dims the old figures until the new ones arrive.
    if (cause === "stay") {
      void queryClient.prefetchQuery(outcomes);
      return;
    }
    // Arriving waits for all three so the first paint is whole; only the employee's own 404 or failure
    // stops the page (the figures and the activity show their errors in place).
    try {
      await Promise.all([
        queryClient.ensureQueryData(api.aiEmployeeQueryOptions(company.id, aiEmployeeId)),
        queryClient.prefetchQuery(outcomes),
        queryClient.prefetchQuery(api.employeeActivityQueryOptions(company.id, aiEmployeeId)),
      ]);
    } catch (error) {
      if (api.isAiEmployeeNotFound(error)) throw notFound();
      throw error;
    }
    // The chart's chunk is not started here: the page asks for it once it has painted (useLoadAfterPaint).
  },
  head: () => ({ meta: [{ title: "AI employee · Foreman" }] }),
  pendingComponent: ProfileLoading,
  notFoundComponent: AiEmployeeNotFound,
  component: AiEmployeeRoute,
});

function AiEmployeeRoute() {
  return (
    <CompanyGate fallback={<ProfileLoading />}>
      <AiEmployeeScreen />
    </CompanyGate>
  );
}

// Inside the gate: whether the user may edit depends on the chosen company.
function AiEmployeeScreen() {
  const { aiEmployeeId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const canManage = useCanManage();
  const onSearch = (next: DateRangeSearch) => void navigate({ search: next });
  return (
    <AiEmployeeProfilePage aiEmployeeId={aiEmployeeId} search={search} onSearch={onSearch} canManage={canManage} />
  );
}
