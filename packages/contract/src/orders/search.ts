// `/orders` search parameters. Plain functions: route files load with the shell, so no zod here.

import { type DateRangeSearch, parseDateRangeSearch } from "../period/time-frame.ts";
import { FIRST_PAGE, type RawSearch, searchPage, searchText, searchUuid } from "../search/search-params.ts";

/** `page` is absent on the first page, so links to the list need not name it. */
/** `aiEmployeeId` keeps one AI employee's orders (the link from its profile). */
export type OrdersSearch = DateRangeSearch & { state?: string; aiEmployeeId?: string; page?: number };

export type OrdersSearchInput = Partial<OrdersSearch>;

/** `/orders`: the date range plus an optional state and page (the first page leaves it out). */
export function parseOrdersSearch(search: OrdersSearchInput | RawSearch): OrdersSearch {
  const raw = search as RawSearch;
  const page = searchPage(raw.page);
  return {
    ...parseDateRangeSearch(search),
    state: searchText(raw.state),
    aiEmployeeId: searchUuid(raw.aiEmployeeId),
    page: page === FIRST_PAGE ? undefined : page,
  };
}
