// The time frame in the address bar: `timeFrame` (daily | weekly | monthly) or a custom range given by
// both `q[created_at_gteq]` and `q[created_at_lteq]`. The web turns it into the wire query with one
// function (apps/web/src/lib/period.ts); the server reads the wire with `periodQuerySchema` and resolves
// it with `parsePeriodQuery` (period.ts). Plain functions: they run in the shell's initial bundle.

import { type RawSearch, withText } from "../search/search-params.ts";

/** The relative time frames: today, the last 7 days, the last 30 days. */
export const TIME_FRAMES = ["daily", "weekly", "monthly"] as const;

export type TimeFrame = (typeof TIME_FRAMES)[number];

export const DEFAULT_TIME_FRAME: TimeFrame = "monthly";

/** The custom range's bounds, named as on the wire (the address bar uses the same keys). */
export const CREATED_AT_FROM_KEY = "q[created_at_gteq]";

export const CREATED_AT_TO_KEY = "q[created_at_lteq]";

export type DateRangeSearch = {
  timeFrame: TimeFrame;
  [CREATED_AT_FROM_KEY]?: string;
  [CREATED_AT_TO_KEY]?: string;
};

/** What a link may pass: every value optional (timeFrame defaults to monthly). */
export type DateRangeSearchInput = Partial<DateRangeSearch>;

export function isTimeFrame(value: unknown): value is TimeFrame {
  return typeof value === "string" && (TIME_FRAMES as readonly string[]).includes(value);
}

/** `/dashboard` and `/sales_reports`: an unknown timeFrame falls back to monthly rather than failing the page. */
export function parseDateRangeSearch(search: DateRangeSearchInput | RawSearch): DateRangeSearch {
  const raw = search as RawSearch;
  const result: DateRangeSearch = { timeFrame: isTimeFrame(raw.timeFrame) ? raw.timeFrame : DEFAULT_TIME_FRAME };
  withText(result, CREATED_AT_FROM_KEY, raw[CREATED_AT_FROM_KEY]);
  return withText(result, CREATED_AT_TO_KEY, raw[CREATED_AT_TO_KEY]);
}

/**
 * The custom range applies only when both bounds are given; otherwise the relative time frame does.
 * Returns the range, or null when the time frame applies.
 */
export function customDateRange(search: DateRangeSearch): { from: string; to: string } | null {
  const from = search[CREATED_AT_FROM_KEY];
  const to = search[CREATED_AT_TO_KEY];
  return from && to ? { from, to } : null;
}
