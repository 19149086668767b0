// `/dashboard` search parameters. Plain functions: route files load with the shell, so no zod here.

import { type DateRangeSearch, parseDateRangeSearch } from "../period/time-frame.ts";
import { type RawSearch, searchText } from "../search/search-params.ts";
import { isLeadStage, type LeadStage } from "./leads.ts";

/** `/dashboard`: the leads breakdown's stage filter rides along with the period. */
export type DashboardSearch = DateRangeSearch & { stage?: LeadStage };

export type DashboardSearchInput = Partial<DashboardSearch>;

/** `/dashboard`: the date range plus a known lead stage; an unknown stage is dropped (all stages). */
export function parseDashboardSearch(search: DashboardSearchInput | RawSearch): DashboardSearch {
  const stage = searchText((search as RawSearch).stage)?.toLowerCase();
  return { ...parseDateRangeSearch(search), stage: isLeadStage(stage) ? stage : undefined };
}
