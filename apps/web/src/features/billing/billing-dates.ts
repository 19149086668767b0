// The billing tab's dates: calendar days (YYYY-MM-DD) as the server counts them, the same day in every
// time zone, so they are written in UTC.

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const valid = (date: Date) => !Number.isNaN(date.getTime());

/** "Nov 10 – Nov 19"; one day alone, "Nov 10". */
export function formatDayRange(from: string, to: string): string {
  const [start, end] = [asDate(from), asDate(to)];
  if (!valid(start) || !valid(end)) return `${from} – ${to}`;
  return from === to ? dayFormat.format(start) : `${dayFormat.format(start)} – ${dayFormat.format(end)}`;
}

/** "November 2026" for a whole month; otherwise its days, "Nov 1 – Nov 15". */
export function formatPeriod(start: string, end: string): string {
  const [first, last] = [asDate(start), asDate(end)];
  if (!valid(first) || !valid(last)) return `${start} – ${end}`;
  const nextDay = new Date(last.getTime() + 86_400_000);
  const wholeMonth =
    first.getUTCDate() === 1 && nextDay.getUTCDate() === 1 && first.getUTCMonth() === last.getUTCMonth();
  return wholeMonth ? monthFormat.format(first) : formatDayRange(start, end);
}

/** "10 days", "1 day". */
export function formatDays(days: number): string {
  return `${days} ${days === 1 ? "day" : "days"}`;
}
