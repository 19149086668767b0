import { type Call, FINAL_CALL_STATUSES } from "@foreman/contract";

// A call's running time, as the call interface's timer shows it: counted on this screen from when the
// call was answered (so it ticks every second between the server's answers), and the provider's own
// duration once the call has ended.

export type CallClock = Pick<Call, "status" | "answeredAt" | "endedAt" | "durationSeconds">;

const secondsBetween = (from: string, to: number) => {
  const start = Date.parse(from);
  return Number.isFinite(start) ? Math.max(0, Math.floor((to - start) / 1000)) : 0;
};

/** Whole seconds talked so far: 0 until answered; the provider's duration once ended. */
export function callElapsedSeconds(call: CallClock, now: number): number {
  const ended = FINAL_CALL_STATUSES.includes(call.status);
  if (ended && call.durationSeconds !== null) return call.durationSeconds;
  if (!call.answeredAt) return 0;
  const until = ended && call.endedAt ? Date.parse(call.endedAt) : now;
  return secondsBetween(call.answeredAt, Number.isFinite(until) ? until : now);
}

/** Whether the timer moves: answered and not ended. */
export function callClockRuns(call: CallClock): boolean {
  return call.answeredAt !== null && !FINAL_CALL_STATUSES.includes(call.status);
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const timeFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(
  cache: Map<string, Intl.DateTimeFormat>,
  zone: string | undefined,
  options: Intl.DateTimeFormatOptions,
) {
  const key = zone ?? "";
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { ...options, timeZone: zone });
    cache.set(key, formatter);
  }
  return formatter;
}

/**
 * When a call started, short enough for a table: "Today, 10:30 AM", "Yesterday, 4:05 PM", "Nov 21,
 * 9:12 AM" (with the year when it is not this year's), in the zone given (the company's on the screens).
 */
export function callStartedLabel(iso: string, now: Date, timeZone: string | undefined): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const day = formatterFor(dayFormatters, timeZone, { year: "numeric", month: "short", day: "numeric" });
  const time = formatterFor(timeFormatters, timeZone, { hour: "numeric", minute: "2-digit" }).format(at);
  const date = day.format(at);
  if (date === day.format(now)) return `Today, ${time}`;
  if (date === day.format(new Date(now.getTime() - 86_400_000))) return `Yesterday, ${time}`;
  const sameYear = date.slice(-4) === day.format(now).slice(-4);
  return `${sameYear ? date.slice(0, -6) : date}, ${time}`;
}
