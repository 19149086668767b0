import { describe, expect, it } from "vitest";
import { formatPercentChange, percentChange } from "./percent-change.ts";

describe("percentChange", () => {
  it("is the change from past to present in percent", () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(100, 100)).toBe(0);
    expect(percentChange(0, 40)).toBe(-100);
    expect(percentChange(1, 3)).toBeCloseTo(-66.667, 3);
  });

  it("is 0 when the past value is zero or missing", () => {
    expect(percentChange(10, 0)).toBe(0);
    expect(percentChange(10, null)).toBe(0);
    expect(percentChange(10, undefined)).toBe(0);
    expect(percentChange(0, 0)).toBe(0);
  });

  it("reads a missing present value as 0 and ignores non-finite values", () => {
    expect(percentChange(undefined, 20)).toBe(-100);
    expect(percentChange(Number.NaN, 20)).toBe(0);
    expect(percentChange(5, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it("keeps the direction from a negative base", () => {
    expect(percentChange(-50, -100)).toBe(50);
  });
});

describe("formatPercentChange", () => {
  it.each([
    [12.5, "+12.5%"],
    [0, "+0%"],
    [-0, "+0%"],
    [-3, "-3%"],
    [100, "+100%"],
    [33.333, "+33.3%"],
    [-66.667, "-66.7%"],
    [12.04, "+12%"],
    [0.04, "+0%"],
    [-0.04, "+0%"],
    [Number.NaN, "+0%"],
  ])("%s → %s", (value, text) => {
    expect(formatPercentChange(value)).toBe(text);
  });

  it("formats what percentChange gives", () => {
    expect(formatPercentChange(percentChange(9, 8))).toBe("+12.5%");
    expect(formatPercentChange(percentChange(5, 0))).toBe("+0%");
  });
});
