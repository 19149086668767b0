import { DEFAULT_TIME_ZONE, timeZoneOffsetLabel, timeZoneOffsetMinutes } from "@foreman/contract";

// The time zones the settings offer: the browser's own IANA list (plus UTC, which it leaves out), each
// with its offset now, and the search over them ("santiago", "buenos aires", "utc-3").

export type TimeZoneOption = {
  zone: string;
  /** The zone as people read it: "America/Argentina/Buenos Aires". */
  label: string;
  /** "UTC−04:00" now. */
  offset: string;
  /** Lower-case words the search matches against. */
  keys: string;
};

/** "America/Buenos_Aires" → "America/Buenos Aires". */
export const timeZoneLabel = (zone: string) => zone.replaceAll("_", " ");

/** "utc-4", "utc+5:30", "utc": the offset as it is typed. */
function typedOffset(minutes: number): string {
  if (minutes === 0) return "utc";
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `utc${minutes < 0 ? "-" : "+"}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, "0")}` : ""}`;
}

/** One zone as the list shows it. */
export function timeZoneOption(zone: string, now: Date = new Date()): TimeZoneOption {
  const offset = timeZoneOffsetLabel(zone, now);
  const label = timeZoneLabel(zone);
  const typed = typedOffset(timeZoneOffsetMinutes(zone, now));
  return {
    zone,
    label,
    offset,
    keys: `${label.replaceAll("/", " ")} ${offset.replace("−", "-")} ${typed}`.toLowerCase(),
  };
}

/** Every zone the browser knows, UTC first, then by name; `current` is kept even when the list lacks it. */
export function timeZoneOptions(now: Date = new Date(), current?: string): TimeZoneOption[] {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.delete(DEFAULT_TIME_ZONE);
  if (current && current !== DEFAULT_TIME_ZONE) zones.add(current);
  return [DEFAULT_TIME_ZONE, ...[...zones].sort()].map((zone) => timeZoneOption(zone, now));
}

/** The options whose name or offset holds every word typed ("buenos aires", "utc-3"); all for nothing typed. */
export function filterTimeZones(options: readonly TimeZoneOption[], query: string): TimeZoneOption[] {
  const words = query.toLowerCase().replaceAll("_", " ").replaceAll("/", " ").replace("−", "-").split(/\s+/);
  const wanted = words.filter(Boolean);
  if (wanted.length === 0) return [...options];
  return options.filter((option) => wanted.every((word) => option.keys.includes(word)));
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** "10:42 AM": the time now on the zone's clock (for "it's … there now"). */
export function timeThere(zone: string, now: Date = new Date()): string {
  let formatter = clockFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" });
    clockFormatters.set(zone, formatter);
  }
  return formatter.format(now);
}
