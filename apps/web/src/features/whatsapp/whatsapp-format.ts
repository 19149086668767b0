import { TEMPLATE_LANGUAGE_LABELS, type TemplateStatus, type WhatsappQuality } from "@foreman/contract";

// How the WhatsApp screens say qualities and statuses (times: lib/relative-time.ts, as on the tasks screens).

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
