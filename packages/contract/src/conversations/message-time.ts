// A message's date and time labels.
import { displayTimeZone } from "../companies/display-time-zone.ts";

export type MessageDateTime = { date: string; time: string };

const formatters = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formattersFor(timeZone: string | undefined) {
  const key = timeZone ?? "";
  let pair = formatters.get(key);
  if (!pair) {
    pair = {
      date: new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone }),
      time: new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }),
    };
    formatters.set(key, pair);
  }
  return pair;
}

/**
 * "November 21, 2026" and "10:30 AM", in the zone given, else the screens' display zone (the selected
 * company's: companies/display-time-zone.ts), else the viewer's own. Null for a missing or invalid time:
 * the message then shows no time.
 */
export function messageDateTime(
  createdAt: Date | string | number | null | undefined,
  timeZone: string | undefined = displayTimeZone(),
): MessageDateTime | null {
  if (createdAt === null || createdAt === undefined || createdAt === "") return null;
  const value = createdAt instanceof Date ? createdAt : new Date(createdAt);
  if (Number.isNaN(value.getTime())) return null;
  const { date, time } = formattersFor(timeZone);
  return { date: date.format(value), time: time.format(value) };
}
