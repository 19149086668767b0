import { CALL_DIRECTIONS, CALL_STATUSES, type CallDirection, type CallStatus } from "@foreman/contract";

// The /phones address: which tab is open (numbers, the first, is left out), and the calls list's page
// and filters. Checked by hand (no zod): the route's validation loads with the shell.

export const PHONES_TABS = ["numbers", "calls"] as const;
export type PhonesTab = (typeof PHONES_TABS)[number];

export type PhonesSearch = {
  /** Absent: the numbers. */
  tab?: Exclude<PhonesTab, "numbers">;
  /** Absent: the first page of calls. */
  page?: number;
  status?: CallStatus;
  direction?: CallDirection;
};

export function parsePhonesSearch(search: Record<string, unknown>): PhonesSearch {
  const page = Number(search.page);
  return {
    tab: search.tab === "calls" ? "calls" : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    status: CALL_STATUSES.find((value) => value === search.status),
    direction: CALL_DIRECTIONS.find((value) => value === search.direction),
  };
}
