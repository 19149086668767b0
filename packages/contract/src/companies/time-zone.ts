import { z } from "zod";

// A company's IANA time zone ("America/Santiago"): the dashboard shows its times in it and its business
// hours are read in it. Checked by the runtime's own zone data (Intl), so the browser and the server agree
// on what a zone is without a list of ours to keep up to date.

export const DEFAULT_TIME_ZONE = "UTC";

// "Area/Location" (one or two more levels: "America/Argentina/Buenos_Aires") or UTC, as the IANA database
// spells them. Abbreviations ("EST") and other spellings ("utc", "america/santiago") are refused: Intl
// would take them, but they are not names the list in the settings offers.
const ZONE_NAME = /^(?:UTC|[A-Z][A-Za-z]*(?:\/[A-Z][A-Za-z0-9_+-]*){1,2})$/;

/** Whether `value` is an IANA time zone this runtime knows ("America/Santiago", "UTC"; not "Mars/Base"). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 64 || !ZONE_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const TIME_ZONE_MESSAGE = "Must be an IANA time zone such as America/Santiago or UTC";

export const timeZoneSchema = z.string({ error: TIME_ZONE_MESSAGE }).refine(isTimeZone, { error: TIME_ZONE_MESSAGE });

const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `date`, as people write it: "UTC−03:00", "UTC+05:30", "UTC". */
export function timeZoneOffsetLabel(timeZone: string, date: Date = new Date()): string {
  const minutes = timeZoneOffsetMinutes(timeZone, date);
  if (minutes === 0) return "UTC";
  const sign = minutes < 0 ? "−" : "+";
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `UTC${sign}${hh}:${mm}`;
}

/** The wall clock of `timeZone` at `date`: its calendar day and time of day (month 1–12, hour 0–23). */
export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

export function wallClock(date: Date, timeZone: string): WallClock {
  let formatter = wallClockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    wallClockFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(date)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Minutes the zone is ahead of UTC at `date` (Santiago in winter: −240). */
export function timeZoneOffsetMinutes(timeZone: string, date: Date): number {
  const at = wallClock(date, timeZone);
  const wall = Date.UTC(at.year, at.month - 1, at.day, at.hour, at.minute, at.second);
  // Whole minutes: the wall clock drops the instant's milliseconds.
  return Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}
