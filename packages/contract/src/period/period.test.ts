import { describe, expect, it } from "vitest";
import {
  FRAME_DAYS,
  INDICATORS_DEFAULT_FRAME,
  PERIOD_QUERY_FIELDS,
  parseDateBound,
  parsePeriodQuery,
  periodRequested,
  QUOTES_DEFAULT_FRAME,
  resolvePeriod,
} from "./period.ts";

const now = new Date("2026-11-21T15:45:00Z");
const iso = (date: Date) => date.toISOString();
const ok = (result: ReturnType<typeof parsePeriodQuery>) => {
  if (!result.ok) throw new Error(`expected a period, got ${result.field}: ${result.message}`);
  return result.period;
};

describe("resolvePeriod: relative frames (half-open UTC ranges ending at the start of tomorrow)", () => {
  it("daily is today, the previous period yesterday", () => {
    const period = resolvePeriod({ relativeDate: "daily" }, { now, defaultFrame: "monthly" });
    expect(period.frame).toBe("daily");
    expect(iso(period.start)).toBe("2026-11-21T00:00:00.000Z");
    expect(iso(period.end)).toBe("2026-11-22T00:00:00.000Z");
    expect(iso(period.previousStart)).toBe("2026-11-20T00:00:00.000Z");
    expect(iso(period.previousEnd)).toBe("2026-11-21T00:00:00.000Z");
  });

  it("weekly is the 7 days ending today", () => {
    const period = resolvePeriod({ relativeDate: "weekly" }, { now, defaultFrame: "daily" });
    expect(iso(period.start)).toBe("2026-11-15T00:00:00.000Z");
    expect(iso(period.end)).toBe("2026-11-22T00:00:00.000Z");
    expect(iso(period.previousStart)).toBe("2026-11-08T00:00:00.000Z");
    expect(iso(period.previousEnd)).toBe("2026-11-15T00:00:00.000Z");
  });

  it("monthly is the 30 days ending today", () => {
    const period = resolvePeriod({ relativeDate: "monthly" }, { now, defaultFrame: "daily" });
    expect(iso(period.start)).toBe("2026-10-23T00:00:00.000Z");
    expect(iso(period.end)).toBe("2026-11-22T00:00:00.000Z");
    expect(iso(period.previousStart)).toBe("2026-09-23T00:00:00.000Z");
    expect(iso(period.previousEnd)).toBe("2026-10-23T00:00:00.000Z");
    expect(FRAME_DAYS).toEqual({ daily: 1, weekly: 7, monthly: 30 });
  });

  it("uses the caller's default frame when none is given", () => {
    expect(resolvePeriod({}, { now, defaultFrame: INDICATORS_DEFAULT_FRAME }).frame).toBe("daily");
    expect(resolvePeriod({}, { now, defaultFrame: QUOTES_DEFAULT_FRAME }).frame).toBe("monthly");
  });

  it("takes the day in UTC even just before midnight and right at it", () => {
    const late = resolvePeriod({}, { now: new Date("2026-11-21T23:59:59.999Z"), defaultFrame: "daily" });
    expect(iso(late.start)).toBe("2026-11-21T00:00:00.000Z");
    const midnight = resolvePeriod({}, { now: new Date("2026-11-22T00:00:00Z"), defaultFrame: "daily" });
    expect(iso(midnight.start)).toBe("2026-11-22T00:00:00.000Z");
  });

  it("crosses month and leap-year boundaries by days, not calendar months", () => {
    const period = resolvePeriod(
      { relativeDate: "weekly" },
      { now: new Date("2028-03-02T08:00:00Z"), defaultFrame: "daily" },
    );
    expect(iso(period.start)).toBe("2028-02-25T00:00:00.000Z");
  });

  it("defaults now to the current time", () => {
    const period = resolvePeriod({}, { defaultFrame: "daily" });
    expect(period.start.getTime()).toBeLessThanOrEqual(Date.now());
    expect(period.end.getTime()).toBeGreaterThan(Date.now());
  });
});

describe("resolvePeriod: custom range", () => {
  it("runs from the start of the gteq day to the start of the day after lteq, previous of equal length", () => {
    const period = resolvePeriod(
      { gteq: new Date("2026-01-10T00:00:00Z"), lteq: new Date("2026-01-19T00:00:00Z"), relativeDate: "daily" },
      { now, defaultFrame: "daily" },
    );
    expect(period.frame).toBe("custom");
    expect(iso(period.start)).toBe("2026-01-10T00:00:00.000Z");
    expect(iso(period.end)).toBe("2026-01-20T00:00:00.000Z");
    expect(iso(period.previousStart)).toBe("2025-12-31T00:00:00.000Z");
    expect(iso(period.previousEnd)).toBe("2026-01-10T00:00:00.000Z");
  });

  it("a single day is one day long", () => {
    const day = new Date("2026-03-05T17:00:00Z");
    const period = resolvePeriod({ gteq: day, lteq: day }, { now, defaultFrame: "daily" });
    expect(iso(period.start)).toBe("2026-03-05T00:00:00.000Z");
    expect(iso(period.end)).toBe("2026-03-06T00:00:00.000Z");
    expect(iso(period.previousStart)).toBe("2026-03-04T00:00:00.000Z");
  });

  it("ignores a lone bound", () => {
    const period = resolvePeriod({ gteq: new Date("2026-01-10T00:00:00Z") }, { now, defaultFrame: "weekly" });
    expect(period.frame).toBe("weekly");
    expect(iso(period.start)).toBe("2026-11-15T00:00:00.000Z");
  });
});

describe("parseDateBound", () => {
  it.each([
    ["2026-11-21", "2026-11-21T00:00:00.000Z"],
    [" 2026-11-21 ", "2026-11-21T00:00:00.000Z"],
    ["2026-11-21T10:30:00Z", "2026-11-21T10:30:00.000Z"],
    ["2026-11-21T10:30:00.123Z", "2026-11-21T10:30:00.000Z"],
    ["2026-11-21T10:30", "2026-11-21T10:30:00.000Z"],
    ["2026-11-21 10:30:00", "2026-11-21T10:30:00.000Z"],
    ["2026-11-21T22:00:00-05:00", "2026-11-22T03:00:00.000Z"],
    ["2026-11-21T01:00:00+0200", "2026-11-20T23:00:00.000Z"],
    ["2028-02-29", "2028-02-29T00:00:00.000Z"],
  ])("reads %s", (text, expected) => {
    expect(parseDateBound(text)?.toISOString()).toBe(expected);
  });

  it.each([
    "",
    "yesterday",
    "2026-13-01",
    "2026-02-30",
    "2027-02-29",
    "2026-1-5",
    "21/11/2026",
    "2026-11-21T24:00",
    "2026-11-21T10:61",
    "20261121",
    "2026-11-21T10:00:00Zjunk",
  ])("refuses %s", (text) => {
    expect(parseDateBound(text)).toBeNull();
  });
});

describe("parsePeriodQuery", () => {
  const indicators = { now, defaultFrame: INDICATORS_DEFAULT_FRAME };

  it("resolves the default frame with no input, blanks counting as absent", () => {
    expect(ok(parsePeriodQuery({}, indicators)).frame).toBe("daily");
    expect(ok(parsePeriodQuery({ relativeDate: " ", gteq: "", lteq: "  " }, indicators)).frame).toBe("daily");
    expect(ok(parsePeriodQuery({}, { now, defaultFrame: QUOTES_DEFAULT_FRAME })).frame).toBe("monthly");
  });

  it("resolves a relative frame", () => {
    const period = ok(parsePeriodQuery({ relativeDate: "weekly" }, indicators));
    expect(period.frame).toBe("weekly");
    expect(iso(period.start)).toBe("2026-11-15T00:00:00.000Z");
  });

  it("resolves a custom range when both bounds are given, over the relative frame", () => {
    const period = ok(parsePeriodQuery({ relativeDate: "daily", gteq: "2026-01-01", lteq: "2026-01-31" }, indicators));
    expect(period.frame).toBe("custom");
    expect(iso(period.start)).toBe("2026-01-01T00:00:00.000Z");
    expect(iso(period.end)).toBe("2026-02-01T00:00:00.000Z");
    expect(iso(period.previousStart)).toBe("2025-12-01T00:00:00.000Z");
  });

  it("accepts a one-day custom range", () => {
    const period = ok(parsePeriodQuery({ gteq: "2026-01-01", lteq: "2026-01-01T18:00:00Z" }, indicators));
    expect(iso(period.end)).toBe("2026-01-02T00:00:00.000Z");
  });

  it("ignores a lone valid bound by default", () => {
    const onlyStart = ok(parsePeriodQuery({ gteq: "2026-01-01" }, indicators));
    expect(onlyStart.frame).toBe("daily");
    const onlyEnd = ok(parsePeriodQuery({ relativeDate: "monthly", lteq: "2026-01-01" }, indicators));
    expect(onlyEnd.frame).toBe("monthly");
  });

  it("refuses a lone bound when the caller asks for strictness, naming the missing one", () => {
    const strict = { ...indicators, requireBothBounds: true };
    expect(parsePeriodQuery({ gteq: "2026-01-01" }, strict)).toEqual({
      ok: false,
      field: "q[createdAtLteq]",
      message: "Both dates are required for a custom range",
    });
    expect(parsePeriodQuery({ lteq: "2026-01-01" }, strict)).toMatchObject({ ok: false, field: "q[createdAtGteq]" });
    expect(ok(parsePeriodQuery({}, strict)).frame).toBe("daily");
  });

  it("refuses an unknown frame", () => {
    expect(parsePeriodQuery({ relativeDate: "yearly" }, indicators)).toEqual({
      ok: false,
      field: PERIOD_QUERY_FIELDS.relativeDate,
      message: "Must be one of daily, weekly, monthly",
    });
    expect(parsePeriodQuery({ relativeDate: "Daily" }, indicators)).toMatchObject({ ok: false, field: "relativeDate" });
  });

  it("refuses a malformed date, even a lone one", () => {
    expect(parsePeriodQuery({ gteq: "2026-02-30", lteq: "2026-03-01" }, indicators)).toEqual({
      ok: false,
      field: "q[createdAtGteq]",
      message: "Must be a date (YYYY-MM-DD)",
    });
    expect(parsePeriodQuery({ lteq: "soon" }, indicators)).toMatchObject({ ok: false, field: "q[createdAtLteq]" });
  });

  it("refuses an end day before the start day, but not a later time on the same day", () => {
    expect(parsePeriodQuery({ gteq: "2026-02-10", lteq: "2026-02-09" }, indicators)).toEqual({
      ok: false,
      field: "q[createdAtLteq]",
      message: "Must be on or after the start date",
    });
    expect(parsePeriodQuery({ gteq: "2026-02-10T20:00:00Z", lteq: "2026-02-10T08:00:00Z" }, indicators).ok).toBe(true);
  });
});

describe("periodRequested", () => {
  it("is true for a relative frame or both bounds, false for nothing, blanks or a lone bound", () => {
    expect(periodRequested({ relativeDate: "weekly" })).toBe(true);
    expect(periodRequested({ gteq: "2026-11-01", lteq: "2026-11-21" })).toBe(true);
    expect(periodRequested({})).toBe(false);
    expect(periodRequested({ relativeDate: "  ", gteq: "", lteq: " " })).toBe(false);
    expect(periodRequested({ gteq: "2026-11-01" })).toBe(false);
    expect(periodRequested({ lteq: "2026-11-21" })).toBe(false);
  });
});
