import type { DepartmentKind } from "@foreman/contract";
import type { QueryClient } from "@tanstack/react-query";
import { departmentsQueryOptions } from "#web/lib/departments.ts";
import { getSelectedCompany } from "#web/lib/selected-company.ts";
import { departmentWorkQueryOptions, lapsedCustomersQueryOptions, unpaidOrdersQueryOptions } from "../work-api.ts";
import { findDepartmentOfKind, isPlaceholderDepartment, outcomesScope } from "./kinds.ts";
import type { DepartmentSearch } from "./search.ts";
import { workforceOutcomesQueryOptions } from "./workforce.ts";

// What a department screen's route loader starts: the figures and the work list of the kind's department.
// Prefetches never throw: a failed call is shown by the section that needed it, not the error screen.

export async function prefetchDepartmentScreen(
  queryClient: QueryClient,
  companyId: string,
  kind: DepartmentKind,
  search: DepartmentSearch,
): Promise<void> {
  const departments = await queryClient.ensureQueryData(departmentsQueryOptions(companyId));
  const department = findDepartmentOfKind(departments, kind);
  if (!department || isPlaceholderDepartment(department)) return;
  const page = search.page ?? 1;
  const work =
    kind === "collections"
      ? queryClient.prefetchQuery(unpaidOrdersQueryOptions(companyId, page))
      : kind === "retention"
        ? queryClient.prefetchQuery(lapsedCustomersQueryOptions(companyId, page))
        : kind === "analytics"
          ? null
          : queryClient.prefetchQuery(departmentWorkQueryOptions(companyId, department.id));
  await Promise.all([
    queryClient.prefetchQuery(workforceOutcomesQueryOptions(companyId, search, outcomesScope(kind, department.id))),
    work,
  ]);
}

export type DepartmentLoaderArgs = {
  context: { queryClient: QueryClient };
  deps: { search: DepartmentSearch };
  cause: "preload" | "enter" | "stay";
};

/** A department route's loader: the screen's calls for the selected company. */
export async function loadDepartmentScreen(
  kind: DepartmentKind,
  { context: { queryClient }, deps: { search }, cause }: DepartmentLoaderArgs,
): Promise<void> {
  const company = getSelectedCompany();
  if (!company) return;
  const loading = prefetchDepartmentScreen(queryClient, company.id, kind, search);
  // A choice made on the screen (period, page) only starts the calls: the old rows stay, dimmed. A
  // failure then (a 401) is the layout's to handle, not an unhandled rejection here.
  if (cause === "stay") loading.catch(() => undefined);
  else await loading;
}
