import type { BadgeProps } from "#web/components/ui/badge.tsx";

// How long an unpaid order has waited, and how loudly to say so: a month is worth a look, a quarter is late.

export const AGE_WARNING_DAYS = 30;
export const AGE_LATE_DAYS = 90;

export function ageTone(days: number): NonNullable<BadgeProps["variant"]> {
  if (days > AGE_LATE_DAYS) return "destructive";
  if (days > AGE_WARNING_DAYS) return "warning";
  return "muted";
}

/** "1 day", "342 days". */
export const formatDays = (days: number) => `${days.toLocaleString("en-US")} ${days === 1 ? "day" : "days"}`;
