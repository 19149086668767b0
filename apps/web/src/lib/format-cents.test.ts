import { describe, expect, it } from "vitest";
import { formatCents } from "./format-cents.ts";

describe("formatCents", () => {
  it("shows cents, as a bill does", () => {
    expect(formatCents(300)).toBe("$3.00");
    expect(formatCents(97, "USD")).toBe("$0.97");
    expect(formatCents(123456, "EUR")).toBe("€1,234.56");
    expect(formatCents(100, "??")).toBe("$1.00");
  });
});
