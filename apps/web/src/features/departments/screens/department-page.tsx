import type { DateRangeSearch, DepartmentKind } from "@foreman/contract";
import { getRouteApi } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { DepartmentScreen } from "./department-screen.tsx";

/** A department route's screen: its search from the address, and a new period written back to it. */
export function DepartmentPage({ kind, children }: { kind: DepartmentKind; children?: ReactNode }) {
  const route = getRouteApi(`/_app/${kind}`);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // A new period keeps the rest of the address (a paged list's page, the support desk's filters); the
  // custom range's bounds are replaced or dropped.
  const onSearch = (next: DateRangeSearch) =>
    void navigate({
      search: (prev) => ({ ...prev, "q[created_at_gteq]": undefined, "q[created_at_lteq]": undefined, ...next }),
    });
  return (
    <DepartmentScreen kind={kind} search={search} onSearch={onSearch}>
      {children}
    </DepartmentScreen>
  );
}
