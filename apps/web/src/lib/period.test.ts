import { describe, expect, it } from "vitest";
import { describePeriod, periodFromSearch, periodKey, periodQuery, validateRange } from "./period.ts";

describe("periodQuery", () => {
  it("always sends relative_date for a frame, since the endpoint's default differs from the route's", () => {
    const search = { timeFrame: "monthly" } as const;
    expect(periodQuery(search)).toEqual({ relative_date: "monthly" });
    expect(periodKey(search)).toBe("frame:monthly");
  });

  it("uses the custom range only when both bounds are given", () => {
    const both = {
      timeFrame: "weekly",
      "q[created_at_gteq]": "2026-01-01",
      "q[created_at_lteq]": "2026-01-31",
    } as const;
    expect(periodQuery(both)).toEqual({ "q[created_at_gteq]": "2026-01-01", "q[created_at_lteq]": "2026-01-31" });
    const lone = { timeFrame: "weekly", "q[created_at_gteq]": "2026-01-01" } as const;
    expect(periodQuery(lone)).toEqual({ relative_date: "weekly" });
    expect(periodFromSearch(lone)).toEqual({ kind: "frame", timeFrame: "weekly" });
  });

  describe("omitting the default frame (the quotes list defaults to it too)", () => {
    const omit = { omitDefaultFrame: true };

    it("sends nothing for the default frame, so the server's monthly default applies", () => {
      expect(periodQuery({ timeFrame: "monthly" }, omit)).toEqual({});
    });

    it("sends another frame from the address", () => {
      expect(periodQuery({ timeFrame: "weekly" }, omit)).toEqual({ relative_date: "weekly" });
    });

    it("sends a custom range only when both bounds are given", () => {
      expect(
        periodQuery(
          { timeFrame: "daily", "q[created_at_gteq]": "2026-01-01", "q[created_at_lteq]": "2026-01-31" },
          omit,
        ),
      ).toEqual({ "q[created_at_gteq]": "2026-01-01", "q[created_at_lteq]": "2026-01-31" });
      expect(periodQuery({ timeFrame: "monthly", "q[created_at_gteq]": "2026-01-01" }, omit)).toEqual({});
    });
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

describe("describePeriod", () => {
  it("names a frame, and what its past covers when asked", () => {
    expect(describePeriod({ kind: "frame", timeFrame: "weekly" })).toBe("The last 7 days");
    expect(describePeriod({ kind: "frame", timeFrame: "daily" }, { compared: true })).toBe(
      "Today, compared with yesterday",
    );
  });

  it("names a custom range by its long dates", () => {
    const range = { kind: "range", from: "2026-03-01", to: "2026-03-31" } as const;
    expect(describePeriod(range)).toBe("March 1, 2026 – March 31, 2026");
    expect(describePeriod(range, { compared: true })).toBe(
      "March 1, 2026 – March 31, 2026, compared with the period just before",
    );
  });
});
