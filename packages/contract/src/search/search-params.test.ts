import { describe, expect, it } from "vitest";
import {
  customDateRange,
  decodeSearchKeys,
  isSameSitePath,
  parseDashboardSearch,
  parseDateRangeSearch,
  parseInboxSearch,
  parseOrdersSearch,
  parseRedirectSearch,
  searchPage,
} from "./search-params.ts";

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

describe("searchPage", () => {
  it("accepts whole numbers from 1, as numbers or text", () => {
    expect(searchPage(1)).toBe(1);
    expect(searchPage(7)).toBe(7);
    expect(searchPage("12")).toBe(12);
    expect(searchPage(" 4 ")).toBe(4);
  });

  it.each([
    undefined,
    null,
    "",
    "abc",
    "2x",
    0,
    -1,
    "-3",
    2.5,
    "2.5",
    "1e3",
    Number.NaN,
    Number.POSITIVE_INFINITY,
    true,
    1e21,
    "99999999999999999999",
    {},
    [2],
  ])("reads %s as page 1", (value) => {
    expect(searchPage(value)).toBe(1);
  });
});

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

describe("parseInboxSearch", () => {
  it("passes the two sso values through as strings", () => {
    expect(parseInboxSearch({ sso_conversation_id: 42, sso_account_id: "7", other: "x" })).toEqual({
      sso_conversation_id: "42",
      sso_account_id: "7",
    });
  });
});

describe("parseRedirectSearch", () => {
  it("keeps an optional redirect", () => {
    expect(parseRedirectSearch({ redirect: "/orders?state=sent" })).toEqual({ redirect: "/orders?state=sent" });
    expect(parseRedirectSearch({})).toEqual({});
  });
});

describe("decodeSearchKeys", () => {
  it("keeps keys that are not valid percent-encoding", () => {
    expect(decodeSearchKeys({ "100%": 1, "a%zz": 2 })).toEqual({ "100%": 1, "a%zz": 2 });
  });
});

describe("isSameSitePath", () => {
  it.each(["/", "/orders", "/orders?state=sent#top", "/sign_in?redirect=%2Forders"])("accepts %s", (value) => {
    expect(isSameSitePath(value)).toBe(true);
  });

  it.each([
    undefined,
    "",
    "orders",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/\t/evil.example",
  ])("refuses %s", (value) => {
    expect(isSameSitePath(value)).toBe(false);
  });
});
