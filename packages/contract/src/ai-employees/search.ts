// `/ai_employees` search parameters: the period, the table's filters, its sort and page, and the
// employee whose edit form is open. Plain functions: route files load with the shell, so no zod here
// (and nothing from ai-employee.ts, which builds zod schemas).

import { type DateRangeSearch, parseDateRangeSearch } from "../period/time-frame.ts";
import { FIRST_PAGE, type RawSearch, searchPage, searchText } from "../search/search-params.ts";

/** The table's sortable columns, by column id. */
export const AI_EMPLOYEES_TABLE_SORTS = [
  "name",
  "createdAt",
  "department",
  "status",
  "revenue",
  "orders",
  "won",
  "conversion",
  "conversations",
  "actionItemsOpen",
  "firstReply",
] as const;
export type AiEmployeesTableSort = (typeof AI_EMPLOYEES_TABLE_SORTS)[number];

/** Without `sort` the table is by name, A to Z; that default stays out of the address bar. */
export const AI_EMPLOYEES_DEFAULT_SORT: AiEmployeesTableSort = "name";

/** The longest search text kept (names and roles are at most 80 characters). */
export const AI_EMPLOYEES_SEARCH_MAX_LENGTH = 100;

export type AiEmployeesStatusFilter = "active" | "inactive";

export type AiEmployeesSearch = DateRangeSearch & {
  /** Text searched in names and roles. */
  q?: string;
  /** A department id. */
  department?: string;
  /**
   * Active or inactive. Not `status`: links that keep the current search (the inbox's rows) mix every
   * screen's parameters, and the conversations' `status` takes other values.
   */
  employeeStatus?: AiEmployeesStatusFilter;
  sort?: AiEmployeesTableSort;
  /** Descending; absent is ascending. */
  desc?: boolean;
  page?: number;
  /** The employee whose edit form is open (the profile page links here). */
  edit?: string;
  /** The hire form is open (the dashboard's getting-started checklist links here). */
  hire?: true;
};

export type AiEmployeesSearchInput = Partial<AiEmployeesSearch>;

/** Ids are UUIDs; anything plausible passes (the API answers 404 for the rest), spaces and slashes do not. */
const ID_PATTERN = /^[\w-]{1,64}$/;

const idText = (value: unknown) => {
  const text = searchText(value);
  return text !== undefined && ID_PATTERN.test(text) ? text : undefined;
};

function isSort(value: unknown): value is AiEmployeesTableSort {
  return typeof value === "string" && (AI_EMPLOYEES_TABLE_SORTS as readonly string[]).includes(value);
}

/** `desc=true` (the router hands over a boolean) or `desc=1`; anything else is ascending. */
function searchFlag(value: unknown): true | undefined {
  const text = searchText(value)?.toLowerCase();
  return text === "true" || text === "1" ? true : undefined;
}

/**
 * Unknown or malformed values fall back to their defaults rather than failing the page: every status,
 * department and text, sorted by name, the first page. Defaults are named as undefined so the router
 * drops the raw values.
 */
export function parseAiEmployeesSearch(search: AiEmployeesSearchInput | RawSearch): AiEmployeesSearch {
  const raw = search as RawSearch;
  const status = searchText(raw.employeeStatus)?.toLowerCase();
  const sort = searchText(raw.sort);
  const page = searchPage(raw.page);
  const q = searchText(raw.q)?.slice(0, AI_EMPLOYEES_SEARCH_MAX_LENGTH).trim();
  return {
    ...parseDateRangeSearch(search),
    q: q || undefined,
    department: idText(raw.department),
    employeeStatus: status === "active" || status === "inactive" ? status : undefined,
    sort: isSort(sort) && sort !== AI_EMPLOYEES_DEFAULT_SORT ? sort : undefined,
    desc: searchFlag(raw.desc),
    page: page === FIRST_PAGE ? undefined : page,
    edit: idText(raw.edit),
    hire: searchFlag(raw.hire),
  };
}
