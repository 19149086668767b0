import type { DateRangeSearch, DepartmentKind } from "@foreman/contract";
import { getRouteApi } from "@tanstack/react-router";
import { DepartmentScreen } from "./department-screen.tsx";
import { isPagedDepartment } from "./search.ts";

/** A department route's screen: its search from the address, and a new period written back to it. */
export function DepartmentPage({ kind }: { kind: DepartmentKind }) {
  const route = getRouteApi(`/_app/${kind}`);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // A paged list does not depend on the period, so a new period keeps its page.
  const onSearch = (next: DateRangeSearch) =>
    void navigate({ search: isPagedDepartment(kind) ? (prev) => ({ ...next, page: prev.page }) : next });
  return <DepartmentScreen kind={kind} search={search} onSearch={onSearch} />;
}
