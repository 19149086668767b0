import { describe, expect, it } from "vitest";
import { formatDurationMinutes } from "./format-duration.ts";

describe("formatDurationMinutes", () => {
  it("reads minutes, hours and days", () => {
    expect(formatDurationMinutes(0)).toBe("0 m");
    expect(formatDurationMinutes(0.4)).toBe("< 1 m");
    expect(formatDurationMinutes(45)).toBe("45 m");
    expect(formatDurationMinutes(125)).toBe("2 h 5 m");
    expect(formatDurationMinutes(120)).toBe("2 h");
    expect(formatDurationMinutes(1440 + 240 + 10)).toBe("1 d 4 h");
    expect(formatDurationMinutes(Number.NaN)).toBe("0 m");
  });
});
