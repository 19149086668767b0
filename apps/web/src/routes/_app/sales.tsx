import { type DateRangeSearch, DEFAULT_TIME_FRAME, parseDateRangeSearch } from "@foreman/contract";
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { DepartmentScreen } from "#web/features/departments/screens/department-screen.tsx";
import { DepartmentSkeleton } from "#web/features/departments/screens/department-skeleton.tsx";
import { getSelectedCompany } from "#web/lib/selected-company.ts";

export const Route = createFileRoute("/_app/sales")({
  // The period of the figures; the default time frame stays out of the address bar.
  validateSearch: parseDateRangeSearch,
  search: { middlewares: [stripSearchParams({ timeFrame: DEFAULT_TIME_FRAME })] },
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context: { queryClient }, deps: { search }, cause }) => {
    const company = getSelectedCompany();
    if (!company) return;
    // Imported here, not at the top: this file's loader is part of the shell's download.
    const { prefetchDepartmentScreen } = await import("#web/features/departments/screens/prefetch.ts");
    const loading = prefetchDepartmentScreen(queryClient, company.id, "sales", search);
    // A choice made on the screen (period, page) only starts the calls: the old rows stay, dimmed. A
    // failure then (a 401) is the layout's to handle, not an unhandled rejection here.
    if (cause === "stay") loading.catch(() => undefined);
    else await loading;
  },
  head: () => ({ meta: [{ title: "AI sales · Foreman" }] }),
  pendingComponent: () => <DepartmentSkeleton kind="sales" />,
  component: AiSalesRoute,
});

function AiSalesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = (next: DateRangeSearch) => void navigate({ search: next });
  return <DepartmentScreen kind="sales" search={search} onSearch={onSearch} />;
}
