import { createHash } from "node:crypto";

// A daily digest's job subject: a UUID made from (user, local date), so every instance that finds the
// digest due names the same job and the jobs table's unique (kind, subject) lets exactly one exist per
// user and day. Its last four bytes are the day itself (days since 1970-01-01), so the job can tell
// which day it is about; the first twelve are a hash of the user and the day.

const DAY_MS = 86_400_000;

/** `2026-03-02` → the digest's subject. */
export function digestSubject(userId: string, localDate: string): string {
  const day = Math.round(Date.parse(`${localDate}T00:00:00Z`) / DAY_MS);
  const bytes = Buffer.alloc(16);
  createHash("sha256").update(`foreman:daily-digest:${userId}:${localDate}`).digest().copy(bytes, 0, 0, 12);
  bytes.writeUInt32BE(day, 12);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The local date a digest subject was made for (`YYYY-MM-DD`). */
export function digestDateOf(subject: string): string {
  const day = Number.parseInt(subject.replace(/-/g, "").slice(24), 16);
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The date and hour on the wall clocks of `timeZone` at `at` (UTC for a zone this runtime does not know). */
export function localClock(timeZone: string, at: Date): { date: string; hour: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
    }).formatToParts(at);
  } catch {
    return localClock("UTC", at);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${part("year")}-${part("month")}-${part("day")}`, hour: Number(part("hour")) };
}
