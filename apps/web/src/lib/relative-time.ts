import { messageDateTime } from "@foreman/contract";

// Due and update times as people read them: "in 3 hours", "2 days ago", with the exact time beside.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

/** The largest unit that reads naturally for this distance (thresholds as people round). */
const STEPS: { limit: number; unit: Intl.RelativeTimeFormatUnit; size: number }[] = [
  { limit: 45 * SECOND, unit: "second", size: SECOND },
  { limit: 45 * MINUTE, unit: "minute", size: MINUTE },
  { limit: 22 * HOUR, unit: "hour", size: HOUR },
  { limit: 26 * DAY, unit: "day", size: DAY },
  { limit: 320 * DAY, unit: "month", size: 30 * DAY },
  { limit: Number.POSITIVE_INFINITY, unit: "year", size: 365 * DAY },
];

function toTime(date: Date | string | number | null | undefined): number {
  if (date === null || date === undefined || date === "") return Number.NaN;
  return (date instanceof Date ? date : new Date(date)).getTime();
}

/** "in 3 hours", "yesterday", "5 minutes ago", "just now"; "" for a missing or invalid time. */
export function relativeTime(date: Date | string | number | null | undefined, now: number = Date.now()): string {
  const time = toTime(date);
  if (Number.isNaN(time)) return "";
  const diff = time - now;
  const step = STEPS.find(({ limit }) => Math.abs(diff) < limit) ?? STEPS[STEPS.length - 1]!;
  if (step.unit === "second") return "just now";
  return relative.format(Math.round(diff / step.size), step.unit);
}

/** "November 21, 2026 at 10:30 AM" in the viewer's time zone; "" for a missing or invalid time. */
export function exactDateTime(date: Date | string | number | null | undefined, timeZone?: string): string {
  const labels = messageDateTime(date, timeZone);
  return labels ? `${labels.date} at ${labels.time}` : "";
}
