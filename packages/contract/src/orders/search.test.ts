import { describe, expect, it } from "vitest";
import { parseOrdersSearch } from "./search.ts";

describe("parseOrdersSearch", () => {
  it("adds an optional state and page, leaving out the first page", () => {
    expect(parseOrdersSearch({ state: "completed" })).toEqual({ timeFrame: "monthly", state: "completed" });
    expect(parseOrdersSearch({})).toEqual({ timeFrame: "monthly" });
    expect(parseOrdersSearch({ page: 1 })).toEqual({ timeFrame: "monthly" });
    expect(parseOrdersSearch({ state: "sent", page: 3, timeFrame: "weekly" })).toEqual({
      timeFrame: "weekly",
      state: "sent",
      page: 3,
    });
  });

  it("reads an invalid page as the first one", () => {
    expect(parseOrdersSearch({ page: "abc", state: "sent" })).toEqual({ timeFrame: "monthly", state: "sent" });
    expect(parseOrdersSearch({ page: 0 })).toEqual({ timeFrame: "monthly" });
    expect(parseOrdersSearch({ page: 2.5 })).toEqual({ timeFrame: "monthly" });
  });

  it("names an absent or invalid state and page as undefined, so the router drops the raw values", () => {
    const parsed = parseOrdersSearch({ page: "abc", state: "" });
    expect(Object.hasOwn(parsed, "page") && parsed.page === undefined).toBe(true);
    expect(Object.hasOwn(parsed, "state") && parsed.state === undefined).toBe(true);
  });
});
