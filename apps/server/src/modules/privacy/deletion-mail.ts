import { DELETION_GRACE_DAYS } from "@foreman/contract";
import type { Config } from "#server/config.ts";
import { appLink } from "../mail/index.ts";

// The mail every owner gets when a deletion of their company is scheduled, and when it is called off:
// an owner who did not ask for it learns in time to restore the company.

/** "December 5, 2026 at 10:00 AM GMT-3" in the company's time zone (UTC when it is not a known one). */
export function formatWhen(date: Date, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  };
  let zone = "UTC";
  try {
    zone = new Intl.DateTimeFormat("en", { timeZone }).resolvedOptions().timeZone;
  } catch {
    // An unknown zone name: UTC.
  }
  return new Intl.DateTimeFormat("en", { ...options, timeZone: zone }).format(date);
}

export type DeletionMailFacts = { companyName: string; actorName: string; dueAt: Date; timeZone: string };

export function deletionScheduledMail(config: Pick<Config, "appUrl">, facts: DeletionMailFacts) {
  const when = formatWhen(facts.dueAt, facts.timeZone);
  return {
    subject: `${facts.companyName} will be deleted on ${when}`,
    text: [
      `${facts.actorName} asked to delete ${facts.companyName} on Foreman.`,
      "",
      `On ${when} the company and everything in it will be deleted for good: its conversations and their files, customers, orders, tickets, AI employees, knowledge base, channels and settings. This cannot be undone.`,
      "",
      `Until then the company works as usual, and any owner can restore it (Settings → Privacy):`,
      appLink(config, "/settings", { tab: "privacy" }),
      "",
      `Want a copy of the company's data first? Owners can export it from the same page. The grace period is ${DELETION_GRACE_DAYS} days.`,
    ].join("\n"),
  };
}

export function deletionCancelledMail(
  config: Pick<Config, "appUrl">,
  facts: Omit<DeletionMailFacts, "dueAt" | "timeZone">,
) {
  return {
    subject: `${facts.companyName} will not be deleted`,
    text: [
      `${facts.actorName} restored ${facts.companyName} on Foreman: its scheduled deletion is called off and nothing was deleted.`,
      "",
      appLink(config, "/settings", { tab: "privacy" }),
    ].join("\n"),
  };
}
