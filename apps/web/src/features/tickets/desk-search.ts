import type { SupportSearch } from "@foreman/contract";

// What the desk keeps in the `/support` address besides the department's period, and the changes it
// makes to it. The desk reads its part with `parseSupportSearch`.

/** A change to the desk's part of the address; undefined removes a value. */
export type DeskPatch = Partial<SupportSearch>;

/** The facets that narrow the list, beside the all/open/closed status. */
const FILTER_KEYS = ["priority", "type", "source", "responsible", "tag", "q"] as const;

export function hasTicketFilters(search: SupportSearch): boolean {
  return FILTER_KEYS.some((key) => search[key] !== undefined);
}

/** Every filter off, the status too, from the first page (the sort and an open preview stay). */
export const CLEARED_FILTERS: DeskPatch = {
  status: undefined,
  priority: undefined,
  type: undefined,
  source: undefined,
  responsible: undefined,
  tag: undefined,
  q: undefined,
  page: undefined,
};

/** The desk's heading: focus falls back to it when the row a preview was opened from has left the list. */
export const DESK_HEADING_ID = "support-tickets-heading";
