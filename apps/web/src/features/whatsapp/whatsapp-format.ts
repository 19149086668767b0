import {
  messageDateTime,
  TEMPLATE_LANGUAGE_LABELS,
  type TemplateStatus,
  type WhatsappQuality,
} from "@foreman/contract";

// How the WhatsApp screens say times, qualities and statuses. The times read as on the tasks screens:
// "5 minutes ago" with the exact date and time beside it.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

const STEPS: { limit: number; unit: Intl.RelativeTimeFormatUnit; size: number }[] = [
  { limit: 45 * SECOND, unit: "second", size: SECOND },
  { limit: 45 * MINUTE, unit: "minute", size: MINUTE },
  { limit: 22 * HOUR, unit: "hour", size: HOUR },
  { limit: 26 * DAY, unit: "day", size: DAY },
  { limit: 320 * DAY, unit: "month", size: 30 * DAY },
  { limit: Number.POSITIVE_INFINITY, unit: "year", size: 365 * DAY },
];

/** "5 minutes ago", "yesterday", "just now"; "" for a missing or invalid time. */
export function relativeTime(date: string | null | undefined, now: number = Date.now()): string {
  const time = date ? new Date(date).getTime() : Number.NaN;
  if (Number.isNaN(time)) return "";
  const diff = time - now;
  const step = STEPS.find(({ limit }) => Math.abs(diff) < limit) ?? STEPS[STEPS.length - 1]!;
  if (step.unit === "second") return "just now";
  return relative.format(Math.round(diff / step.size), step.unit);
}

/** "November 21, 2026 at 10:30 AM" in the viewer's time zone; "" for a missing or invalid time. */
export function exactDateTime(date: string | null | undefined): string {
  const labels = messageDateTime(date);
  return labels ? `${labels.date} at ${labels.time}` : "";
}

/** Meta's quality rating, in words: how its customers have received the number's messages lately. */
export const QUALITY_LABELS: Record<WhatsappQuality, string> = {
  green: "High",
  yellow: "Medium",
  red: "Low",
  unknown: "Unknown",
};

export const QUALITY_VARIANTS = {
  green: "success",
  yellow: "warning",
  red: "destructive",
  unknown: "muted",
} as const satisfies Record<WhatsappQuality, string>;

export const TEMPLATE_STATUS_VARIANTS = {
  active: "success",
  pending_review: "warning",
  rejected: "destructive",
  draft: "muted",
  paused: "warning",
  disabled: "destructive",
} as const satisfies Record<TemplateStatus, string>;

/** "English (US)"; a language the editor does not offer (synced from Meta) as its code. */
export const languageLabel = (code: string) =>
  TEMPLATE_LANGUAGE_LABELS[code as keyof typeof TEMPLATE_LANGUAGE_LABELS] ?? code;

/** Meta's status for the number ("CONNECTED", "PENDING") as a word ("Connected"). */
export function metaStatusLabel(status: string | null): string {
  if (!status) return "Unknown";
  const words = status.toLowerCase().replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The contract's rule messages ("required", "must be at most 60 characters") as a sentence under a field. */
export const asSentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);
