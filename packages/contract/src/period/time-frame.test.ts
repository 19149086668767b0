import { describe, expect, it } from "vitest";
import { decodeSearchKeys } from "../search/search-params.ts";
import { customDateRange, parseDateRangeSearch } from "./time-frame.ts";

describe("parseDateRangeSearch", () => {
  it("defaults timeFrame to monthly", () => {
    expect(parseDateRangeSearch({})).toEqual({ timeFrame: "monthly" });
  });

  it("accepts daily, weekly and monthly and falls back to monthly on anything else", () => {
    expect(parseDateRangeSearch({ timeFrame: "daily" }).timeFrame).toBe("daily");
    expect(parseDateRangeSearch({ timeFrame: "weekly" }).timeFrame).toBe("weekly");
    expect(parseDateRangeSearch({ timeFrame: "yearly" }).timeFrame).toBe("monthly");
    expect(parseDateRangeSearch({ timeFrame: 3 }).timeFrame).toBe("monthly");
  });

  it("keeps the optional date bounds as strings, numbers included", () => {
    const parsed = parseDateRangeSearch({ "q[created_at_gteq]": "2025-01-01", "q[created_at_lteq]": 2025 });
    expect(parsed).toEqual({ timeFrame: "monthly", "q[created_at_gteq]": "2025-01-01", "q[created_at_lteq]": "2025" });
  });

  it("drops empty or non-text bounds instead of failing", () => {
    const parsed = parseDateRangeSearch({ "q[created_at_gteq]": "  ", "q[created_at_lteq]": { a: 1 } });
    expect(parsed).toEqual({ timeFrame: "monthly" });
  });

  it("names a dropped bound as undefined, so the router drops the raw value", () => {
    const parsed = parseDateRangeSearch({ "q[created_at_lteq]": { a: 1 } });
    expect(Object.hasOwn(parsed, "q[created_at_lteq]") && parsed["q[created_at_lteq]"] === undefined).toBe(true);
  });

  it("reads keys that arrive still URL-encoded once decoded", () => {
    const raw = { "q%5Bcreated_at_gteq%5D": "2025-01-01", "q%255Bcreated_at_lteq%255D": "2025-02-01" };
    expect(parseDateRangeSearch(decodeSearchKeys(raw))).toEqual({
      timeFrame: "monthly",
      "q[created_at_gteq]": "2025-01-01",
      "q[created_at_lteq]": "2025-02-01",
    });
  });
});

describe("customDateRange", () => {
  it("applies only when both bounds are given", () => {
    const both = parseDateRangeSearch({ "q[created_at_gteq]": "2025-01-01", "q[created_at_lteq]": "2025-01-31" });
    expect(customDateRange(both)).toEqual({ from: "2025-01-01", to: "2025-01-31" });
    expect(customDateRange(parseDateRangeSearch({ "q[created_at_gteq]": "2025-01-01" }))).toBeNull();
    expect(customDateRange(parseDateRangeSearch({}))).toBeNull();
  });
});
