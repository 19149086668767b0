import { NOTIFICATION_KIND_HEADINGS, NOTIFICATION_KINDS, type NotificationKind } from "@foreman/contract";
import type { Config } from "#server/config.ts";
import { appLink } from "../mail/index.ts";
import type { PendingNotification } from "./notifications.repository.ts";

// One mail for a user's whole batch: grouped by company, then by kind, each line with its link, at most
// MAX_LINES_PER_GROUP lines a group and "…and N more" with the list's own link after them.

export const MAX_LINES_PER_GROUP = 10;

/** Where "…and N more" leads: the list the kind's items are on. */
const LIST_LINKS: Record<NotificationKind, string> = {
  action_item: "/action_items",
  ticket_assigned: "/support",
  handoff: "/inbox",
};

const SUBJECT_PREFIXES: Record<NotificationKind, string> = {
  action_item: "Action item",
  ticket_assigned: "Ticket assigned to you",
  handoff: "Handed to staff",
};

type Grouped = Map<string, { name: string; kinds: Map<NotificationKind, PendingNotification[]> }>;

function group(rows: PendingNotification[]): Grouped {
  const companies: Grouped = new Map();
  for (const row of rows) {
    const company = companies.get(row.companyId) ?? { name: row.companyName, kinds: new Map() };
    companies.set(row.companyId, company);
    company.kinds.set(row.kind, [...(company.kinds.get(row.kind) ?? []), row]);
  }
  return companies;
}

export function notificationMail(
  config: Pick<Config, "appUrl">,
  user: { firstName: string },
  rows: PendingNotification[],
): { subject: string; text: string } {
  const first = rows[0]!;
  const subject =
    rows.length === 1
      ? `${SUBJECT_PREFIXES[first.kind]}: ${first.summary}`
      : `${rows.length} things wait for you in Foreman`;
  const lines = [`Hello ${user.firstName},`, "", rows.length === 1 ? "This waits for you:" : "These wait for you:"];
  for (const company of group(rows).values()) {
    lines.push("", company.name.toUpperCase());
    for (const kind of NOTIFICATION_KINDS) {
      const items = company.kinds.get(kind);
      if (!items) continue;
      lines.push("", `${NOTIFICATION_KIND_HEADINGS[kind]} (${items.length})`);
      for (const item of items.slice(0, MAX_LINES_PER_GROUP))
        lines.push(`- ${item.summary}`, `  ${appLink(config, item.link)}`);
      const more = items.length - MAX_LINES_PER_GROUP;
      if (more > 0) lines.push(`…and ${more} more: ${appLink(config, LIST_LINKS[kind])}`);
    }
  }
  lines.push(
    "",
    "--",
    "You get these mails because of your notification settings. Change them here:",
    appLink(config, "/settings", { tab: "notifications" }),
  );
  // One line: a summary is one already, a company name might not be.
  return { subject: subject.replace(/\s+/g, " "), text: lines.join("\n") };
}
