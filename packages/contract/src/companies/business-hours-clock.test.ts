import { describe, expect, it } from "vitest";
import { type BusinessHours, DEFAULT_BUSINESS_HOURS } from "./business-hours.ts";
import { businessSecondsBetween, isOpenAt, nextOpening } from "./business-hours-clock.ts";

// Monday to Friday 9:00–18:00, weekends closed.
const weekdays = DEFAULT_BUSINESS_HOURS;
const at = (iso: string) => new Date(iso);

describe("isOpenAt", () => {
  it("is always open without hours", () => {
    expect(isOpenAt(null, "Europe/Madrid", at("2026-03-28T03:00:00Z"))).toBe(true);
  });

  it("reads the hours on the company's wall clock, opening included and closing excluded", () => {
    // Friday 27 March 2026, Madrid on winter time (UTC+1).
    expect(isOpenAt(weekdays, "Europe/Madrid", at("2026-03-27T07:59:00Z"))).toBe(false); // 08:59
    expect(isOpenAt(weekdays, "Europe/Madrid", at("2026-03-27T08:00:00Z"))).toBe(true); // 09:00
    expect(isOpenAt(weekdays, "Europe/Madrid", at("2026-03-27T16:59:00Z"))).toBe(true); // 17:59
    expect(isOpenAt(weekdays, "Europe/Madrid", at("2026-03-27T17:00:00Z"))).toBe(false); // 18:00
    // The same instant is another wall-clock time (and weekday) elsewhere: 03:00 UTC Saturday is
    // Friday 23:00 in Santiago, closed, and Saturday 12:00 in Tokyo, closed too.
    expect(isOpenAt(weekdays, "UTC", at("2026-03-27T12:00:00Z"))).toBe(true);
    expect(isOpenAt(weekdays, "Asia/Tokyo", at("2026-03-27T12:00:00Z"))).toBe(false); // 21:00
  });

  it("follows Madrid's clocks across the spring change: 9:00 is an hour earlier in UTC", () => {
    // Monday 30 March 2026: Madrid on summer time (UTC+2) since Sunday.
    expect(isOpenAt(weekdays, "Europe/Madrid", at("2026-03-30T06:59:00Z"))).toBe(false); // 08:59
    expect(isOpenAt(weekdays, "Europe/Madrid", at("2026-03-30T07:00:00Z"))).toBe(true); // 09:00
    expect(isOpenAt(weekdays, "Europe/Madrid", at("2026-03-30T16:00:00Z"))).toBe(false); // 18:00
  });

  it("keeps a closed day closed all day", () => {
    expect(isOpenAt(weekdays, "Europe/Madrid", at("2026-03-28T11:00:00Z"))).toBe(false); // Saturday noon
  });
});

describe("nextOpening", () => {
  it("is null without hours, or when no day opens", () => {
    expect(nextOpening(null, "UTC", at("2026-03-28T12:00:00Z"))).toBeNull();
    const closed: BusinessHours = { mon: null, tue: null, wed: null, thu: null, fri: null, sat: null, sun: null };
    expect(nextOpening(closed, "UTC", at("2026-03-28T12:00:00Z"))).toBeNull();
  });

  it("finds Monday 9:00 from a Madrid Saturday, on summer time after the weekend's change", () => {
    expect(nextOpening(weekdays, "Europe/Madrid", at("2026-03-28T12:00:00Z"))).toEqual({
      weekday: "mon",
      time: "09:00",
      daysAhead: 2,
      // 09:00 CEST is 07:00 UTC (on Friday 09:00 was 08:00 UTC).
      at: at("2026-03-30T07:00:00Z"),
    });
  });

  it("finds Monday 9:00 after Madrid's autumn change, an hour later in UTC", () => {
    // Friday 23 October 2026 at 18:30 (UTC+2); clocks go back on Sunday 25th.
    expect(nextOpening(weekdays, "Europe/Madrid", at("2026-10-23T16:30:00Z"))).toMatchObject({
      weekday: "mon",
      daysAhead: 3,
      at: at("2026-10-26T08:00:00Z"),
    });
  });

  it("answers later today before opening, and tomorrow once open", () => {
    expect(nextOpening(weekdays, "Europe/Madrid", at("2026-03-30T05:00:00Z"))).toMatchObject({
      weekday: "mon",
      daysAhead: 0,
      at: at("2026-03-30T07:00:00Z"),
    });
    expect(nextOpening(weekdays, "Europe/Madrid", at("2026-03-30T07:00:00Z"))).toMatchObject({
      weekday: "tue",
      daysAhead: 1,
    });
  });

  it("finds Monday 9:00 in Santiago after Chile's clocks go back (UTC−3 to UTC−4)", () => {
    // Friday 3 April 2026 at 19:00 (UTC−3); on Saturday night Chile goes back to UTC−4.
    expect(nextOpening(weekdays, "America/Santiago", at("2026-04-03T22:00:00Z"))).toEqual({
      weekday: "mon",
      time: "09:00",
      daysAhead: 3,
      at: at("2026-04-06T13:00:00Z"),
    });
  });

  it("opens at 1:00 when Santiago skips its midnight opening (clocks jump from 0:00 to 1:00)", () => {
    const sundays: BusinessHours = { ...weekdays, sun: { open: "00:00", close: "12:00" } };
    // Saturday 5 September 2026 at 23:30 (UTC−4); at midnight Chile jumps to UTC−3.
    expect(nextOpening(sundays, "America/Santiago", at("2026-09-06T03:30:00Z"))).toEqual({
      weekday: "sun",
      time: "01:00",
      daysAhead: 1,
      at: at("2026-09-06T04:00:00Z"),
    });
  });

  it("waits a whole week when the only open day has just closed", () => {
    const mondays: BusinessHours = { ...weekdays, tue: null, wed: null, thu: null, fri: null };
    expect(nextOpening(mondays, "UTC", at("2026-03-30T19:00:00Z"))).toMatchObject({
      weekday: "mon",
      daysAhead: 7,
      at: at("2026-04-06T09:00:00Z"),
    });
  });
});

describe("businessSecondsBetween", () => {
  it("counts every second without hours, none backwards", () => {
    expect(businessSecondsBetween(null, "UTC", at("2026-03-27T10:00:00Z"), at("2026-03-27T10:01:30Z"))).toBe(90);
    expect(businessSecondsBetween(weekdays, "UTC", at("2026-03-27T10:00:00Z"), at("2026-03-27T09:00:00Z"))).toBe(0);
  });

  it("counts only the open hours between a Friday evening message and a Monday morning reply", () => {
    // Santiago: Friday 17:00 (UTC−3) to Monday 10:00 (UTC−4, after the change): one hour each side.
    expect(
      businessSecondsBetween(weekdays, "America/Santiago", at("2026-04-03T20:00:00Z"), at("2026-04-06T14:00:00Z")),
    ).toBe(2 * 3600);
  });

  it("counts nothing for a wait that fell wholly outside the hours", () => {
    expect(
      businessSecondsBetween(weekdays, "Europe/Madrid", at("2026-03-28T10:00:00Z"), at("2026-03-29T20:00:00Z")),
    ).toBe(0);
  });

  it("counts the minutes inside the same open day", () => {
    expect(
      businessSecondsBetween(weekdays, "Europe/Madrid", at("2026-03-30T07:10:00Z"), at("2026-03-30T07:25:00Z")),
    ).toBe(15 * 60);
  });
});
