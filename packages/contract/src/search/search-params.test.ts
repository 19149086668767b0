import { describe, expect, it } from "vitest";
import {
  customDateRange,
  decodeSearchKeys,
  isSameSitePath,
  parseDateRangeSearch,
  parseInboxSearch,
  parseOrdersSearch,
  parseRedirectSearch,
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
  it("adds an optional state", () => {
    expect(parseOrdersSearch({ state: "completed" })).toEqual({ timeFrame: "monthly", state: "completed" });
    expect(parseOrdersSearch({})).toEqual({ timeFrame: "monthly" });
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
