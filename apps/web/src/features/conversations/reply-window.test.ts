import { describe, expect, it } from "vitest";
import { isWindowOpenNow, timeAgo, timeLeft, windowClosedSentence } from "./reply-window.ts";

const NOW = Date.parse("2026-11-21T12:00:00.000Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (offset: number) => new Date(NOW + offset).toISOString();

describe("the WhatsApp reply window", () => {
  it("is open while the server says so and its closing time has not passed", () => {
    expect(isWindowOpenNow({ windowOpen: true, windowClosesAt: at(HOUR) }, NOW)).toBe(true);
    expect(isWindowOpenNow({ windowOpen: true, windowClosesAt: at(-1) }, NOW)).toBe(false);
    expect(isWindowOpenNow({ windowOpen: false, windowClosesAt: at(HOUR) }, NOW)).toBe(false);
    expect(isWindowOpenNow({ windowOpen: false, windowClosesAt: null }, NOW)).toBe(false);
  });

  it("counts down in hours, then hours and minutes, then minutes", () => {
    expect(timeLeft(at(23 * HOUR + 59 * MINUTE), NOW)).toBe("23 h");
    expect(timeLeft(at(5 * HOUR + 10 * MINUTE), NOW)).toBe("5 h");
    expect(timeLeft(at(2 * HOUR + 5 * MINUTE), NOW)).toBe("2 h 5 min");
    expect(timeLeft(at(HOUR), NOW)).toBe("1 h");
    expect(timeLeft(at(45 * MINUTE + 30_000), NOW)).toBe("45 min");
    expect(timeLeft(at(30_000), NOW)).toBe("less than a minute");
  });

  it("says how long ago it closed", () => {
    expect(timeAgo(at(-10_000), NOW)).toBe("just now");
    expect(timeAgo(at(-5 * MINUTE), NOW)).toBe("5 minutes ago");
    expect(timeAgo(at(-3 * HOUR - 20 * MINUTE), NOW)).toBe("3 hours ago");
    expect(timeAgo(at(-30 * HOUR), NOW)).toBe("yesterday");
    expect(timeAgo(at(-4 * 24 * HOUR), NOW)).toBe("4 days ago");
    expect(windowClosedSentence(at(-3 * HOUR), NOW)).toBe("The 24-hour window closed 3 hours ago.");
    expect(windowClosedSentence(null, NOW)).toBe("The customer hasn't written in the last 24 hours.");
    // The server's clock ahead of this one: no time that reads wrong.
    expect(windowClosedSentence(at(MINUTE), NOW)).toBe("The 24-hour window has closed.");
  });
});
