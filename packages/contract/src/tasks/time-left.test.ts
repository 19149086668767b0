import { describe, expect, it } from "vitest";
import { timeLeft } from "./time-left.ts";

const now = new Date("2026-11-21T10:00:00Z");
const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe("timeLeft", () => {
  it.each([
    [2 * HOUR + 5 * MINUTE, "2h 05m left"],
    [2 * HOUR + 5 * MINUTE + 30 * SECOND, "2h 05m left"],
    [47 * HOUR + 59 * MINUTE, "1d 23h left"],
    [24 * HOUR, "1d 0h left"],
    [HOUR, "1h 00m left"],
    [59 * MINUTE + 59 * SECOND, "59m 59s left"],
    [12 * MINUTE + 5 * SECOND, "12m 05s left"],
    [45 * SECOND, "45s left"],
    [1, "1s left"],
  ])("%d ms before the due time → %s", (ms, label) => {
    expect(timeLeft(inMs(ms), now)).toMatchObject({ expired: false, label, msLeft: ms });
  });

  it("is urgent under an hour", () => {
    expect(timeLeft(inMs(HOUR), now).urgent).toBe(false);
    expect(timeLeft(inMs(HOUR - 1), now).urgent).toBe(true);
  });

  it("is expired at and after the due time", () => {
    const expired = { expired: true, urgent: false, msLeft: 0, label: "Expired" };
    expect(timeLeft(inMs(0), now)).toEqual(expired);
    expect(timeLeft(inMs(-5 * MINUTE), now)).toEqual(expired);
  });

  it("counts a missing or invalid due time as expired", () => {
    for (const due of [null, undefined, "", "soon"]) expect(timeLeft(due, now).expired).toBe(true);
  });

  it("takes dates, numbers and a numeric now", () => {
    expect(timeLeft(new Date(now.getTime() + HOUR), now.getTime()).label).toBe("1h 00m left");
    expect(timeLeft(now.getTime() + 90 * SECOND, now).label).toBe("1m 30s left");
  });
});
