import { type BusinessHours, minutesOfDay, WEEKDAYS, type Weekday } from "./business-hours.ts";
import { timeZoneOffsetMinutes, wallClock } from "./time-zone.ts";

// Business hours against the clock: whether staff are in at an instant, when they are next in, and how
// much of a stretch of time fell inside the hours. Everything is read on the company's wall clock, so a
// daylight-saving change moves the instants, not the hours ("09:00" stays nine on the clock).

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type LocalDay = { year: number; month: number; day: number };
type LocalTime = LocalDay & { weekday: Weekday; minutes: number };

/** The wall clock of `timeZone` at `date`: its calendar day, weekday and minutes since midnight. */
function localTime(date: Date, timeZone: string): LocalTime {
  const { year, month, day, hour, minute } = wallClock(date, timeZone);
  return { year, month, day, weekday: weekdayOf({ year, month, day }), minutes: hour * 60 + minute };
}

/** A calendar day's weekday (the calendar does not depend on the zone). */
function weekdayOf({ year, month, day }: LocalDay): Weekday {
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
}

/** The calendar day `days` after `from`. */
function addDays(from: LocalDay, days: number): LocalDay {
  const date = new Date(Date.UTC(from.year, from.month - 1, from.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

const offsetMs = (timeZone: string, at: number) => timeZoneOffsetMinutes(timeZone, new Date(at)) * MINUTE;

/**
 * The instant the wall clock of `timeZone` shows `minutes` past midnight on `day`. A time skipped by a
 * daylight-saving jump is read with the offset before the jump (00:30 on the night Santiago jumps from
 * 00:00 to 01:00 is 01:30), and a time shown twice when clocks go back is its first occurrence.
 */
function instantAt(day: LocalDay, minutes: number, timeZone: string): number {
  const wall = Date.UTC(day.year, day.month - 1, day.day) + minutes * MINUTE;
  // The offsets a day either side: a zone changes its offset at most once in two days.
  const before = offsetMs(timeZone, wall - DAY);
  const after = offsetMs(timeZone, wall + DAY);
  const fits = [wall - before, wall - after].filter((at) => at + offsetMs(timeZone, at) === wall);
  if (fits.length > 0) return Math.min(...fits);
  return wall - before;
}

/** Whether staff are in at `date`: always with no hours; else inside the day's opening (close excluded). */
export function isOpenAt(hours: BusinessHours | null, timeZone: string, date: Date): boolean {
  if (!hours) return true;
  const local = localTime(date, timeZone);
  const today = hours[local.weekday];
  return today !== null && minutesOfDay(today.open) <= local.minutes && local.minutes < minutesOfDay(today.close);
}

export type NextOpening = {
  weekday: Weekday;
  /** The wall-clock time it opens, "09:00". */
  time: string;
  /** 0: later today, 1: tomorrow, … up to 7 (the same weekday next week). */
  daysAhead: number;
  at: Date;
};

/**
 * When staff are next in after `date`, on the company's wall clock: null when there are no hours
 * (always open) or no day has any. Ask `isOpenAt` first: during hours this is the next day's opening.
 */
export function nextOpening(hours: BusinessHours | null, timeZone: string, date: Date): NextOpening | null {
  if (!hours) return null;
  const today = localTime(date, timeZone);
  for (let daysAhead = 0; daysAhead <= 7; daysAhead += 1) {
    const day = addDays(today, daysAhead);
    const weekday = weekdayOf(day);
    const open = hours[weekday];
    if (!open) continue;
    const at = instantAt(day, minutesOfDay(open.open), timeZone);
    if (at <= date.getTime()) continue;
    // The clock's time at that instant (a skipped "00:30" opens at 01:30).
    const shown = localTime(new Date(at), timeZone).minutes;
    const time = `${String(Math.floor(shown / 60)).padStart(2, "0")}:${String(shown % 60).padStart(2, "0")}`;
    return { weekday, time, daysAhead, at: new Date(at) };
  }
  return null;
}

/** Longest stretch measured day by day (ten years); anything longer is counted only that far. */
const MAX_DAYS = 3660;

/**
 * The seconds between `from` and `to` that fell inside business hours (all of them with no hours): how
 * long a customer waited on the team's clock. 0 when `to` is not after `from`.
 */
export function businessSecondsBetween(hours: BusinessHours | null, timeZone: string, from: Date, to: Date): number {
  const start = from.getTime();
  const end = to.getTime();
  if (!(end > start)) return 0;
  if (!hours) return (end - start) / 1000;
  const first = localTime(from, timeZone);
  let total = 0;
  for (let offset = 0; offset <= MAX_DAYS; offset += 1) {
    const day = addDays(first, offset);
    const dayStart = instantAt(day, 0, timeZone);
    if (dayStart >= end) break;
    const open = hours[weekdayOf(day)];
    if (!open) continue;
    const opens = instantAt(day, minutesOfDay(open.open), timeZone);
    const closes = instantAt(day, minutesOfDay(open.close), timeZone);
    total += Math.max(0, Math.min(closes, end) - Math.max(opens, start));
  }
  return total / 1000;
}
