import { type DateRangeSearch, DEFAULT_TIME_FRAME, FIRST_PAGE } from "@foreman/contract";
import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { DepartmentScreen } from "#web/features/departments/screens/department-screen.tsx";
import { DepartmentSkeleton } from "#web/features/departments/screens/department-skeleton.tsx";
import { parseDepartmentPagedSearch } from "#web/features/departments/screens/search.ts";
import { getSelectedCompany } from "#web/lib/selected-company.ts";

export const Route = createFileRoute("/_app/collections")({
  // The period of the figures and the page of the list; the defaults stay out of the address bar.
  validateSearch: parseDepartmentPagedSearch,
  search: { middlewares: [stripSearchParams({ timeFrame: DEFAULT_TIME_FRAME, page: FIRST_PAGE })] },
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ context: { queryClient }, deps: { search }, cause }) => {
    const company = getSelectedCompany();
    if (!company) return;
    // Imported here, not at the top: this file's loader is part of the shell's download.
    const { prefetchDepartmentScreen } = await import("#web/features/departments/screens/prefetch.ts");
    const loading = prefetchDepartmentScreen(queryClient, company.id, "collections", search);
    // A choice made on the screen (period, page) only starts the calls: the old rows stay, dimmed. A
    // failure then (a 401) is the layout's to handle, not an unhandled rejection here.
    if (cause === "stay") loading.catch(() => undefined);
    else await loading;
  },
  head: () => ({ meta: [{ title: "AI collections · Foreman" }] }),
  pendingComponent: () => <DepartmentSkeleton kind="collections" />,
  component: AiCollectionsRoute,
});

function AiCollectionsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // The list does not depend on the period, so a new period keeps its page.
  const onSearch = (next: DateRangeSearch) => void navigate({ search: (prev) => ({ ...next, page: prev.page }) });
  return <DepartmentScreen kind="collections" search={search} onSearch={onSearch} />;
}
