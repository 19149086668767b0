import { type ConversationDetail, messageDateTime } from "@foreman/contract";

// WhatsApp's 24-hour reply window as the reply box tells it: whether free text can go out now, how long
// is left ("closes in 5 h") or how long ago it closed ("closed 3 hours ago"), and the exact time.

export type ReplyWindow = Pick<NonNullable<ConversationDetail["whatsapp"]>, "windowOpen" | "windowClosesAt">;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Free text may be sent: the server said the window was open, and its closing time has not passed
 * since (the page may have stayed open for hours).
 */
export function isWindowOpenNow(window: ReplyWindow, now: number = Date.now()): boolean {
  if (!window.windowOpen) return false;
  if (window.windowClosesAt === null) return true;
  const closesAt = Date.parse(window.windowClosesAt);
  return Number.isNaN(closesAt) || closesAt > now;
}

/** What is left until `at`: "5 h", "1 h 20 min", "45 min", "less than a minute". */
export function timeLeft(at: string, now: number = Date.now()): string {
  const left = Date.parse(at) - now;
  if (Number.isNaN(left) || left < MINUTE) return "less than a minute";
  if (left >= 3 * HOUR) return `${Math.floor(left / HOUR)} h`;
  const hours = Math.floor(left / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (hours === 0) return `${minutes} min`;
  return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
}

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

/** How long ago `at` was: "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago". */
export function timeAgo(at: string, now: number = Date.now()): string {
  const ago = now - Date.parse(at);
  if (Number.isNaN(ago) || ago < MINUTE) return "just now";
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), "minute");
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), "hour");
  return relative.format(-Math.floor(ago / DAY), "day");
}

/** "November 21, 2026 at 10:30 AM" in the viewer's time zone; "" for a missing or invalid time. */
export function exactDateTime(at: string | null | undefined, timeZone?: string): string {
  const labels = messageDateTime(at, timeZone);
  return labels ? `${labels.date} at ${labels.time}` : "";
}

/** The closed-window notice's first sentence. */
export function windowClosedSentence(closesAt: string | null, now: number = Date.now()): string {
  if (closesAt === null) return "The customer hasn't written in the last 24 hours.";
  const at = Date.parse(closesAt);
  // The server's clock may run ahead of this one: a time still to come reads without one.
  if (Number.isNaN(at) || at > now) return "The 24-hour window has closed.";
  return `The 24-hour window closed ${timeAgo(closesAt, now)}.`;
}
