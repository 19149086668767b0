import {
  type DateRangeSearch,
  type DepartmentKind,
  FIRST_PAGE,
  parseDateRangeSearch,
  type RawSearch,
  searchPage,
} from "@foreman/contract";

// The department screens' address: the period, and for the paged lists (collections, retention) the page.
// Plain functions: route files load with the shell.

export type DepartmentSearch = DateRangeSearch & { page?: number };

/** The period plus a page; the first page stays out of the address. */
export function parseDepartmentPagedSearch(search: Partial<DepartmentSearch> | RawSearch): DepartmentSearch {
  const page = searchPage((search as RawSearch).page);
  return { ...parseDateRangeSearch(search), page: page === FIRST_PAGE ? undefined : page };
}

/** The kinds whose list is paged, so their address carries a page. */
export const isPagedDepartment = (kind: DepartmentKind) => kind === "collections" || kind === "retention";
