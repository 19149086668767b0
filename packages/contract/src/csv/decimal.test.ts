import { describe, expect, it } from "vitest";
import { centsToDecimal, decimalToCents } from "./decimal.ts";

describe("money as decimals", () => {
  it("writes cents as units with two decimals and reads them back", () => {
    expect(centsToDecimal(150_000)).toBe("1500.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(decimalToCents("1500.00")).toBe(150_000);
    expect(decimalToCents("1500.5")).toBe(150_050);
    expect(decimalToCents("12")).toBe(1200);
    expect(decimalToCents("1,500.00")).toBeNull();
    expect(decimalToCents("-1")).toBeNull();
    expect(decimalToCents("1.234")).toBeNull();
  });
});
