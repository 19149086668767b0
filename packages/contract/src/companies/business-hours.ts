import { z } from "zod";

/**
 * When a company's staff answer: per weekday, an opening and a closing time ("09:00", "18:00") in the
 * company's time zone, or null for a closed day. No hours at all (null on the company) means always open.
 */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type DayHours = { open: string; close: string } | null;
export type BusinessHours = Record<Weekday, DayHours>;

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

/** A time of day on a 24-hour clock, "00:00" to "23:59". */
const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const TIME_MESSAGE = "Must be a 24-hour time such as 09:00";

export const timeOfDaySchema = z.string({ error: TIME_MESSAGE }).regex(TIME_OF_DAY, { error: TIME_MESSAGE });

/** Minutes since midnight of a "HH:MM" time ("09:30" → 570). */
export function minutesOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** One day's hours: open before close, on the same day (a night that runs past midnight is two days' hours). */
export const dayHoursSchema = z
  .object(
    { open: timeOfDaySchema, close: timeOfDaySchema },
    { error: "Must be opening and closing times, or null for a closed day" },
  )
  .refine((day) => day.open < day.close, { error: "The closing time must be after the opening time", path: ["close"] })
  .nullable();

/** Every weekday, each with its hours or null (closed). */
export const businessHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema])) as Record<Weekday, typeof dayHoursSchema>,
  { error: "Must give every weekday (mon to sun) its hours or null" },
);

/** Monday to Friday 9:00–18:00, weekends closed: what "Set hours" starts from. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  mon: { open: "09:00", close: "18:00" },
  tue: { open: "09:00", close: "18:00" },
  wed: { open: "09:00", close: "18:00" },
  thu: { open: "09:00", close: "18:00" },
  fri: { open: "09:00", close: "18:00" },
  sat: null,
  sun: null,
};
