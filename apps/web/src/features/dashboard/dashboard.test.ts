import { describe, expect, it } from "vitest";
import { formatDurationMinutes } from "./format-duration.ts";
import { periodFromSearch, periodKey, periodQuery, validateRange } from "./period.ts";

describe("formatDurationMinutes", () => {
  it("reads minutes, hours and days", () => {
    expect(formatDurationMinutes(0)).toBe("0 m");
    expect(formatDurationMinutes(0.4)).toBe("< 1 m");
    expect(formatDurationMinutes(45)).toBe("45 m");
    expect(formatDurationMinutes(125)).toBe("2 h 5 m");
    expect(formatDurationMinutes(120)).toBe("2 h");
    expect(formatDurationMinutes(1440 + 240 + 10)).toBe("1 d 4 h");
    expect(formatDurationMinutes(Number.NaN)).toBe("0 m");
  });
});

describe("dashboard period", () => {
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
