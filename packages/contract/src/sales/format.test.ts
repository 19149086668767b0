import { describe, expect, it } from "vitest";
import { formatCount, formatLongDate, formatMoney } from "./format.ts";

describe("formatMoney", () => {
  it("is USD by default, standard without decimals", () => {
    expect(formatMoney(1234.56)).toBe("$1,235");
    expect(formatMoney(0)).toBe("$0");
    expect(formatMoney(-20.4)).toBe("-$20");
  });

  it("uses the given currency and falls back to USD for a missing or unknown one", () => {
    expect(formatMoney(1500, "EUR")).toBe("€1,500");
    expect(formatMoney(1500, "CAD")).toBe("CA$1,500");
    expect(formatMoney(250_000, "CLP")).toBe("CLP\u00a0250,000");
    expect(formatMoney(1500, "XYZ")).toBe("$1,500");
    expect(formatMoney(1500, null)).toBe("$1,500");
  });

  it("has a compact form", () => {
    expect(formatMoney(1_234_567, "USD", { compact: true })).toBe("$1.2M");
    expect(formatMoney(1500, "USD", { compact: true })).toBe("$1.5K");
    expect(formatMoney(999, "USD", { compact: true })).toBe("$999");
    expect(formatMoney(2_000_000_000, undefined, { compact: true })).toBe("$2B");
  });

  it("shows 0 for a missing or non-finite amount", () => {
    expect(formatMoney(undefined)).toBe("$0");
    expect(formatMoney(Number.NaN)).toBe("$0");
  });
});

describe("formatLongDate", () => {
  it("is the en-US long form, in UTC by default", () => {
    expect(formatLongDate(new Date("2026-11-21T12:00:00Z"))).toBe("November 21, 2026");
    expect(formatLongDate("2026-11-21T23:30:00Z")).toBe("November 21, 2026");
    expect(formatLongDate(Date.UTC(2025, 0, 1))).toBe("January 1, 2025");
  });

  it("can show another time zone", () => {
    expect(formatLongDate("2026-11-21T23:30:00Z", "Asia/Tokyo")).toBe("November 22, 2026");
  });

  it("is empty for a missing or invalid date", () => {
    expect(formatLongDate(undefined)).toBe("");
    expect(formatLongDate(null)).toBe("");
    expect(formatLongDate("")).toBe("");
    expect(formatLongDate("not a date")).toBe("");
  });
});

describe("formatCount", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [999, "999"],
    [999.4, "999"],
    [999.6, "1k"],
    [1000, "1k"],
    [1500, "1.5k"],
    [1549, "1.5k"],
    [12_345, "12.3k"],
    [999_949, "999.9k"],
    [999_950, "1M"],
    [1_000_000, "1M"],
    [2_300_000, "2.3M"],
    [15_000_000, "15M"],
    [-1500, "-1.5k"],
    [-0.2, "0"],
  ])("%s → %s", (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it("shows 0 for a missing or non-finite count", () => {
    expect(formatCount(undefined)).toBe("0");
    expect(formatCount(Number.NaN)).toBe("0");
  });
});
