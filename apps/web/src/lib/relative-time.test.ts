import { describe, expect, it } from "vitest";
import { exactDateTime, relativeTime } from "#web/lib/relative-time.ts";

const NOW = Date.parse("2026-11-21T12:00:00Z");
const at = (ms: number) => new Date(NOW + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("relativeTime", () => {
  it("reads the future and the past in the unit people use", () => {
    expect(relativeTime(at(3 * HOUR), NOW)).toBe("in 3 hours");
    expect(relativeTime(at(-5 * MINUTE), NOW)).toBe("5 minutes ago");
    expect(relativeTime(at(-DAY), NOW)).toBe("yesterday");
    expect(relativeTime(at(2 * DAY), NOW)).toBe("in 2 days");
    expect(relativeTime(at(-60 * DAY), NOW)).toBe("2 months ago");
    expect(relativeTime(at(-400 * DAY), NOW)).toBe("last year");
  });

  it("calls the last and next seconds just now", () => {
    expect(relativeTime(at(10_000), NOW)).toBe("just now");
    expect(relativeTime(at(-30_000), NOW)).toBe("just now");
  });

  it("rounds to the nearest unit, switching at 45 minutes and 22 hours", () => {
    expect(relativeTime(at(44 * MINUTE), NOW)).toBe("in 44 minutes");
    expect(relativeTime(at(46 * MINUTE), NOW)).toBe("in 1 hour");
    expect(relativeTime(at(21 * HOUR), NOW)).toBe("in 21 hours");
    expect(relativeTime(at(23 * HOUR), NOW)).toBe("tomorrow");
  });

  it("is empty for a missing or invalid time", () => {
    expect(relativeTime(null, NOW)).toBe("");
    expect(relativeTime("not a date", NOW)).toBe("");
  });
});

describe("exactDateTime", () => {
  it("joins the long date and the time", () => {
    expect(exactDateTime("2026-11-21T15:45:00Z", "UTC")).toBe("November 21, 2026 at 3:45 PM");
  });

  it("is empty for a missing time", () => {
    expect(exactDateTime(undefined)).toBe("");
  });
});
