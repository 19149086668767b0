import { displayTimeZone, formatLongDate, messageDateTime } from "@foreman/contract";

// When a list row last moved: the time today, "Yesterday", else the en-US long date, all in
// the viewer's time zone like the thread.

export function activityLabel(iso: string | null | undefined, now: Date = new Date(), timeZone?: string): string {
  const labels = messageDateTime(iso, timeZone);
  if (!labels || !iso) return "";
  const today = messageDateTime(now, timeZone)?.date;
  if (labels.date === today) return labels.time;
  const yesterday = messageDateTime(new Date(now.getTime() - 24 * 60 * 60 * 1000), timeZone)?.date;
  if (labels.date === yesterday) return "Yesterday";
  return formatLongDate(iso, timeZone ?? displayTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
}
