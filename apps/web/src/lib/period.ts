import {
  CREATED_AT_FROM_KEY,
  CREATED_AT_TO_KEY,
  customDateRange,
  type DateRangeSearch,
  DEFAULT_TIME_FRAME,
  formatLongDate,
  type TimeFrame,
} from "@foreman/contract";

// The period a screen shows (dashboard, sales reports, orders), read from the route's search, and the
// one translation of it into the wire query. Also the custom range form's rules and the period in words.

/** A relative frame, or both bounds of a custom range (YYYY-MM-DD). */
export type ChosenPeriod = { kind: "frame"; timeFrame: TimeFrame } | { kind: "range"; from: string; to: string };

/** The custom range applies only with both bounds; a lone bound is ignored and the frame applies. */
export function periodFromSearch(search: DateRangeSearch): ChosenPeriod {
  const range = customDateRange(search);
  return range ? { kind: "range", ...range } : { kind: "frame", timeFrame: search.timeFrame };
}

export type PeriodQueryOptions = {
  /**
   * Leave the routes' default frame (monthly) out, for an endpoint whose own default is the same (the
   * quotes list). Others must get it: the indicators endpoint defaults to daily, for one.
   */
  omitDefaultFrame?: boolean;
};

/** The wire query of the route's period: both bounds of a custom range, else `relative_date`. */
export function periodQuery(
  search: DateRangeSearch,
  { omitDefaultFrame = false }: PeriodQueryOptions = {},
): Record<string, string> {
  const period = periodFromSearch(search);
  if (period.kind === "range") {
    return { [CREATED_AT_FROM_KEY]: period.from, [CREATED_AT_TO_KEY]: period.to };
  }
  if (omitDefaultFrame && period.timeFrame === DEFAULT_TIME_FRAME) return {};
  return { relative_date: period.timeFrame };
}

/** A stable, flat piece of a query key: two searches that ask the same period share it. */
export function periodKey(search: DateRangeSearch): string {
  const period = periodFromSearch(search);
  return period.kind === "range" ? `range:${period.from}..${period.to}` : `frame:${period.timeFrame}`;
}

export const TIME_FRAME_LABELS: Record<TimeFrame, string> = { daily: "Today", weekly: "Week", monthly: "Month" };

export type RangeErrors = { from?: string; to?: string };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The custom range form's rules: both dates required, real dates, From on or before To. */
export function validateRange(from: string, to: string): RangeErrors {
  const errors: RangeErrors = {};
  if (!from.trim()) errors.from = "Enter a start date";
  else if (!isDay(from)) errors.from = "Enter a valid date (YYYY-MM-DD)";
  if (!to.trim()) errors.to = "Enter an end date";
  else if (!isDay(to)) errors.to = "Enter a valid date (YYYY-MM-DD)";
  if (!errors.from && !errors.to && to < from) errors.to = "The end date must be on or after the start date";
  return errors;
}

function isDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const FRAME_NAMES: Record<TimeFrame, string> = {
  daily: "Today",
  weekly: "The last 7 days",
  monthly: "The last 30 days",
};
const FRAME_BEFORE: Record<TimeFrame, string> = {
  daily: "yesterday",
  weekly: "the 7 days before",
  monthly: "the 30 days before",
};

/** The period in words for a page header; `compared` adds what the "past" figures cover. */
export function describePeriod(period: ChosenPeriod, { compared = false } = {}): string {
  const span =
    period.kind === "frame"
      ? FRAME_NAMES[period.timeFrame]
      : `${formatLongDate(period.from)} – ${formatLongDate(period.to)}`;
  if (!compared) return span;
  return `${span}, compared with ${period.kind === "frame" ? FRAME_BEFORE[period.timeFrame] : "the period just before"}`;
}
