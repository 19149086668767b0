import { describe, expect, it } from "vitest";
import { parseDashboardSearch } from "./search.ts";

describe("parseDashboardSearch", () => {
  it("keeps a known lead stage with the period", () => {
    expect(parseDashboardSearch({ stage: "qualified" })).toEqual({ timeFrame: "monthly", stage: "qualified" });
    expect(parseDashboardSearch({ stage: "following_up", timeFrame: "weekly" })).toEqual({
      timeFrame: "weekly",
      stage: "following_up",
    });
  });

  it("forgives case and spaces", () => {
    expect(parseDashboardSearch({ stage: " Won " }).stage).toBe("won");
  });

  it.each([undefined, "", "all", "negotiating", "quote sent", 3, { a: 1 }])(
    "drops the stage %s (all stages)",
    (stage) => {
      expect(parseDashboardSearch({ stage })).toEqual({ timeFrame: "monthly" });
    },
  );

  it("names a dropped stage as undefined, so the router drops the raw value", () => {
    const parsed = parseDashboardSearch({ stage: "negotiating" });
    expect(Object.hasOwn(parsed, "stage") && parsed.stage === undefined).toBe(true);
  });

  it("keeps the custom range", () => {
    expect(
      parseDashboardSearch({ stage: "won", "q[created_at_gteq]": "2025-01-01", "q[created_at_lteq]": "2025-01-31" }),
    ).toEqual({
      timeFrame: "monthly",
      stage: "won",
      "q[created_at_gteq]": "2025-01-01",
      "q[created_at_lteq]": "2025-01-31",
    });
  });
});
