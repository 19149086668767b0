// The time-frame rules every sales endpoint shares. All ranges are half-open
// [start, end) in UTC, so consecutive periods never overlap or leave a gap.
import { isTimeFrame, TIME_FRAMES, type TimeFrame } from "./time-frame.ts";

export type PeriodFrame = TimeFrame | "custom";

export type Period = {
  start: Date;
  end: Date;
  /** The period of equal length right before: [previousStart, previousEnd = start). */
  previousStart: Date;
  previousEnd: Date;
  frame: PeriodFrame;
};

/** Default frames: daily for the indicators, monthly for orders, quotes and the route. */
export const INDICATORS_DEFAULT_FRAME: TimeFrame = "daily";
export const QUOTES_DEFAULT_FRAME: TimeFrame = "monthly";

const DAY_MS = 86_400_000;
/** Days covered by each relative frame, today included. */
export const FRAME_DAYS: Record<TimeFrame, number> = { daily: 1, weekly: 7, monthly: 30 };

/**
 * The query fields as routes see them: the server renames query keys snake→camel, so the wire's
 * `relative_date`, `q[created_at_gteq]` and `q[created_at_lteq]` arrive as these. Error results name them.
 */
export const PERIOD_QUERY_FIELDS = {
  relativeDate: "relativeDate",
  gteq: "q[createdAtGteq]",
  lteq: "q[createdAtLteq]",
} as const;

export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** Already-validated input: a frame, or both custom bounds (any instant within the first and last day). */
export type PeriodInput = { relativeDate?: TimeFrame; gteq?: Date; lteq?: Date };
export type PeriodOptions = { now?: Date; defaultFrame: TimeFrame };

/**
 * daily = today (00:00 UTC → start of tomorrow); weekly = the 7 days ending today; monthly = the 30
 * days ending today; custom (both bounds given) = start of the gteq day → start of the day after lteq.
 * The previous period has the same length and ends where this one starts.
 */
export function resolvePeriod(input: PeriodInput, { now = new Date(), defaultFrame }: PeriodOptions): Period {
  let start: Date;
  let end: Date;
  let frame: PeriodFrame;
  if (input.gteq && input.lteq) {
    start = startOfUtcDay(input.gteq);
    end = addDays(startOfUtcDay(input.lteq), 1);
    frame = "custom";
  } else {
    frame = input.relativeDate ?? defaultFrame;
    end = addDays(startOfUtcDay(now), 1);
    start = addDays(end, -FRAME_DAYS[frame]);
  }
  const length = end.getTime() - start.getTime();
  return { start, end, previousStart: new Date(start.getTime() - length), previousEnd: start, frame };
}

const DATE_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * A date bound: "2026-11-21" or an ISO date-time ("2026-11-21T10:00:00Z", "…+02:00"; no zone means
 * UTC). Only the UTC calendar day counts. Impossible dates ("2026-02-30") are refused, not rolled over.
 */
export function parseDateBound(text: string): Date | null {
  const match = DATE_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, y, m, d, hh = "00", mm = "00", ss = "00", zone] = match;
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (day.getUTCFullYear() !== Number(y) || day.getUTCMonth() !== Number(m) - 1 || day.getUTCDate() !== Number(d)) {
    return null;
  }
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return null;
  const iso = `${y}-${m}-${d}T${hh}:${mm}:${ss}${zone ? normalizeZone(zone) : "Z"}`;
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

function normalizeZone(zone: string): string {
  if (zone.toUpperCase() === "Z") return "Z";
  return zone.includes(":") ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
}

export type PeriodQuery = { relativeDate?: string; gteq?: string; lteq?: string };
export type PeriodQueryOptions = PeriodOptions & {
  /** Refuse a lone bound instead of ignoring it. */
  requireBothBounds?: boolean;
};
export type PeriodQueryResult = { ok: true; period: Period } | { ok: false; field: string; message: string };

const blank = (value: string | undefined) => value === undefined || value.trim() === "";

/**
 * Whether the query names a period at all: a relative frame, or both custom bounds (a lone bound is
 * ignored, as in `parsePeriodQuery`). Endpoints without a default frame filter by date only then.
 */
export function periodRequested(raw: PeriodQuery): boolean {
  return !blank(raw.relativeDate) || (!blank(raw.gteq) && !blank(raw.lteq));
}

/**
 * Validates the raw query and resolves it. Errors name the field (see PERIOD_QUERY_FIELDS) so the server
 * can answer 400 with a clear message. A bound that is given is always checked, even a lone one; a lone
 * valid bound is then ignored and the relative frame applies, because a custom date range
 * applies only when both start and end are given — unless `requireBothBounds` is set. Blank values
 * count as absent.
 */
export function parsePeriodQuery(raw: PeriodQuery, options: PeriodQueryOptions): PeriodQueryResult {
  let relativeDate: TimeFrame | undefined;
  if (!blank(raw.relativeDate)) {
    const frame = raw.relativeDate?.trim();
    if (!isTimeFrame(frame)) {
      return {
        ok: false,
        field: PERIOD_QUERY_FIELDS.relativeDate,
        message: `Must be one of ${TIME_FRAMES.join(", ")}`,
      };
    }
    relativeDate = frame;
  }

  const bounds: { gteq?: Date; lteq?: Date } = {};
  for (const key of ["gteq", "lteq"] as const) {
    const text = raw[key];
    if (blank(text)) continue;
    const date = parseDateBound(text as string);
    if (!date) return { ok: false, field: PERIOD_QUERY_FIELDS[key], message: "Must be a date (YYYY-MM-DD)" };
    bounds[key] = date;
  }

  if (bounds.gteq && bounds.lteq) {
    if (startOfUtcDay(bounds.lteq) < startOfUtcDay(bounds.gteq)) {
      return { ok: false, field: PERIOD_QUERY_FIELDS.lteq, message: "Must be on or after the start date" };
    }
  } else if (options.requireBothBounds && (bounds.gteq || bounds.lteq)) {
    const missing = bounds.gteq ? PERIOD_QUERY_FIELDS.lteq : PERIOD_QUERY_FIELDS.gteq;
    return { ok: false, field: missing, message: "Both dates are required for a custom range" };
  }

  return { ok: true, period: resolvePeriod({ relativeDate, ...bounds }, options) };
}
