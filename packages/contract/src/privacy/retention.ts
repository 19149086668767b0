import { z } from "zod";

// Settings → Privacy: how long conversations (with their messages and files) are kept after their last
// activity. A nightly job deletes what is older; null keeps them forever.

export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 3650;
/** The periods the privacy tab offers (the API takes any whole number of days in the range). */
export const RETENTION_DAY_CHOICES = [30, 90, 180, 365, 730] as const;

export const RETENTION_DAYS_MESSAGE = `Must be a whole number of days from ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}, or null to keep conversations forever`;

export const retentionDaysSchema = z
  .int({ error: RETENTION_DAYS_MESSAGE })
  .min(RETENTION_DAYS_MIN, { error: RETENTION_DAYS_MESSAGE })
  .max(RETENTION_DAYS_MAX, { error: RETENTION_DAYS_MESSAGE })
  .nullable();

/** "Forever", "30 days", "1 year", "2 years", "400 days". */
export function retentionLabel(days: number | null): string {
  if (days === null) return "Forever";
  if (days % 365 === 0) return days === 365 ? "1 year" : `${days / 365} years`;
  return days === 1 ? "1 day" : `${days} days`;
}

/** When a conversation whose last activity was at `lastActivityAt` is deleted, or null when kept forever. */
export function retentionCutoff(days: number | null, now: Date): Date | null {
  return days === null ? null : new Date(now.getTime() - days * 86_400_000);
}
