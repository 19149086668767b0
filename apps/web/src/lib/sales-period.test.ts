import { describe, expect, it } from "vitest";
import { describeSalesPeriod, periodFromSearch, periodKey, periodQuery, validateRange } from "./sales-period.ts";

describe("sales period", () => {
  it("always sends relative_date for a frame, since the endpoint's default differs from the route's", () => {
    const period = periodFromSearch({ timeFrame: "monthly" });
    expect(periodQuery(period)).toEqual({ relative_date: "monthly" });
    expect(periodKey(period)).toBe("frame:monthly");
  });

  it("uses the custom range only when both bounds are given", () => {
    const both = periodFromSearch({
      timeFrame: "weekly",
      "q[created_at_gteq]": "2026-01-01",
      "q[created_at_lteq]": "2026-01-31",
    });
    expect(periodQuery(both)).toEqual({ "q[created_at_gteq]": "2026-01-01", "q[created_at_lteq]": "2026-01-31" });
    const lone = periodFromSearch({ timeFrame: "weekly", "q[created_at_gteq]": "2026-01-01" });
    expect(periodQuery(lone)).toEqual({ relative_date: "weekly" });
  });

  it("validates the range form", () => {
    expect(validateRange("", "")).toEqual({ from: "Enter a start date", to: "Enter an end date" });
    expect(validateRange("2026-02-30", "2026-03-01").from).toBe("Enter a valid date (YYYY-MM-DD)");
    expect(validateRange("2026-03-02", "2026-03-01")).toEqual({
      to: "The end date must be on or after the start date",
    });
    expect(validateRange("2026-03-01", "2026-03-01")).toEqual({});
  });
});

describe("describeSalesPeriod", () => {
  it("names a frame, and what its past covers when asked", () => {
    expect(describeSalesPeriod({ kind: "frame", timeFrame: "weekly" })).toBe("The last 7 days");
    expect(describeSalesPeriod({ kind: "frame", timeFrame: "daily" }, { compared: true })).toBe(
      "Today, compared with yesterday",
    );
  });

  it("names a custom range by its long dates", () => {
    const range = { kind: "range", from: "2026-03-01", to: "2026-03-31" } as const;
    expect(describeSalesPeriod(range)).toBe("March 1, 2026 – March 31, 2026");
    expect(describeSalesPeriod(range, { compared: true })).toBe(
      "March 1, 2026 – March 31, 2026, compared with the period just before",
    );
  });
});
