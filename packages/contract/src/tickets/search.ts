// `/support` search parameters of the tickets desk: its filters, sort, page and the ticket whose preview
// is open (the period beside them is the department screen's, read by `parseDateRangeSearch`). Plain
// functions: they run in the browser without zod (nothing from schemas.ts, which builds zod schemas).

import { FIRST_PAGE, type RawSearch, searchPage, searchText, searchUuid } from "../search/search-params.ts";
import {
  TICKET_LIMITS,
  TICKET_PRIORITIES,
  TICKET_SOURCES,
  TICKET_TYPES,
  type TicketPriority,
  type TicketSource,
  type TicketType,
} from "./ticket.ts";

/** The desk's orders: newest first (the default, left out of the address), oldest first, most urgent first. */
export const SUPPORT_SORTS = ["-created_at", "created_at", "-priority"] as const;
export type SupportSort = (typeof SUPPORT_SORTS)[number];
export const SUPPORT_DEFAULT_SORT: SupportSort = "-created_at";

/** `responsible=none`: the tickets nobody is responsible for (the API's `TICKET_UNASSIGNED`). */
export const SUPPORT_UNASSIGNED = "none";

export type SupportSearch = {
  /** Open or closed; absent is all. */
  status?: "open" | "closed";
  priority?: TicketPriority;
  type?: TicketType;
  source?: TicketSource;
  /** A staff member's or AI employee's id, or `none` for the unassigned. */
  responsible?: string;
  tag?: string;
  /** The subject, the client's name or organization, or a ticket number. */
  q?: string;
  sort?: SupportSort;
  page?: number;
  /** The ticket whose preview is open. */
  ticket?: string;
};

export type SupportSearchInput = Partial<SupportSearch>;

/** The value when it is one of `values` (the router may hand over numbers: compared as text). */
function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  const text = searchText(value);
  return values.find((item) => item === text);
}

/**
 * Unknown or malformed values fall back to their defaults rather than failing the page: every status,
 * priority, type, source, responsible and tag, newest first, the first page. Defaults are named as
 * undefined so the router drops the raw values.
 */
export function parseSupportSearch(search: SupportSearchInput | RawSearch): SupportSearch {
  const raw = search as RawSearch;
  const page = searchPage(raw.page);
  const sort = oneOf(SUPPORT_SORTS, raw.sort);
  const responsible = searchText(raw.responsible);
  return {
    status: oneOf(["open", "closed"] as const, raw.status),
    priority: oneOf(TICKET_PRIORITIES, raw.priority),
    type: oneOf(TICKET_TYPES, raw.type),
    source: oneOf(TICKET_SOURCES, raw.source),
    responsible: responsible === SUPPORT_UNASSIGNED ? responsible : searchUuid(responsible),
    tag: searchText(raw.tag)?.toLowerCase().slice(0, TICKET_LIMITS.tag),
    q: searchText(raw.q)?.slice(0, TICKET_LIMITS.search).trim() || undefined,
    sort: sort === SUPPORT_DEFAULT_SORT ? undefined : sort,
    page: page === FIRST_PAGE ? undefined : page,
    ticket: searchUuid(raw.ticket),
  };
}
