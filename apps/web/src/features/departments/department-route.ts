import {
  DEFAULT_TIME_FRAME,
  type DepartmentKind,
  FIRST_PAGE,
  parseDateRangeSearch,
  type RawSearch,
} from "@foreman/contract";
import { stripSearchParams } from "@tanstack/react-router";
import type { DepartmentLoaderArgs } from "./screens/prefetch.ts";
import { type DepartmentSearch, isPagedDepartment, parseDepartmentPagedSearch } from "./screens/search.ts";

// What the five department routes (`/sales`, `/support`, `/collections`, `/retention`, `/analytics`)
// share: their address and their loader. Each route file adds its skeleton and screen, so the router
// plugin still splits those out of the shell's download.

/** A department route's options but its components: the period (and page) in the address, the prefetch. */
export function departmentRoute(kind: DepartmentKind) {
  const validateSearch: (search: RawSearch) => DepartmentSearch = isPagedDepartment(kind)
    ? parseDepartmentPagedSearch
    : parseDateRangeSearch;
  return {
    // The period of the figures, and the page of the paged lists; the defaults stay out of the address bar
    // (only a paged kind's search has a page).
    validateSearch,
    search: { middlewares: [stripSearchParams<DepartmentSearch>({ timeFrame: DEFAULT_TIME_FRAME, page: FIRST_PAGE })] },
    loaderDeps: ({ search }: { search: DepartmentSearch }) => ({ search }),
    // Imported when it runs, not at the top: the route's options are part of the shell's download.
    loader: async (args: DepartmentLoaderArgs) =>
      (await import("./screens/prefetch.ts")).loadDepartmentScreen(kind, args),
    head: () => ({ meta: [{ title: `AI ${kind} · Foreman` }] }),
  };
}
