import { type ConversationListItem, formatMoney, orderAmount } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { memo } from "react";
import { LeadStageBadge } from "#web/components/badges/lead-stage-badge.tsx";
import { activityLabel } from "#web/features/conversations/activity-date.ts";
import { ChannelIcon } from "#web/features/conversations/components/channel-icon.tsx";
import { ConversationStatusBadge } from "#web/features/conversations/components/conversation-status-badge.tsx";
import { cn } from "#web/lib/utils.ts";

// An inbox row: name, company, need, deal size, status, date and channel. It is a link that
// puts the chat tool's pair in the address (`sso_account_id`, `sso_conversation_id`), so the open
// conversation survives a reload and can be shared.

type InboxRowProps = { item: ConversationListItem; selected: boolean; now: Date };

export const InboxRow = memo(function InboxRow({ item, selected, now }: InboxRowProps) {
  const name = item.customer?.fullName ?? "Unknown customer";
  // An email conversation's subject (other channels have none).
  const subject = (item.channel === "email" && item.subject?.trim()) || null;
  return (
    <li className="skip-offscreen [--row-height:7.25rem]" data-testid="inbox-row" data-id={item.id}>
      <Link
        from="/inbox"
        to="/inbox"
        search={(prev) => ({
          ...prev,
          sso_account_id: String(item.accountId),
          sso_conversation_id: String(item.displayId),
        })}
        aria-current={selected ? "true" : undefined}
        className={cn(
          "relative flex gap-3 border-b px-4 py-3 outline-none transition-colors hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
          // Light theme: the row stays white under its badges (their text only reaches 4.5:1 on white).
          selected && "dark:bg-accent dark:hover:bg-accent",
        )}
      >
        {selected ? <span aria-hidden className="absolute inset-y-0 left-0 w-1 bg-primary" /> : null}
        <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full border bg-background">
          <ChannelIcon channel={item.channel} />
        </span>
        <span className="min-w-0 flex-1 space-y-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn("truncate font-medium", selected && "text-primary")} data-testid="inbox-row-name">
              {name}
            </span>
            <time dateTime={item.lastActivityAt} className="shrink-0 text-muted-foreground text-xs tabular-nums">
              {activityLabel(item.lastActivityAt, now)}
            </time>
          </span>
          {subject ? (
            <span className="block truncate font-medium text-sm" title={subject} data-testid="inbox-row-subject">
              <span className="sr-only">Subject: </span>
              {subject}
            </span>
          ) : null}
          {item.customer?.organization || item.lead ? (
            <span className="flex items-baseline justify-between gap-2 text-sm">
              <span className="truncate text-muted-foreground">{item.customer?.organization}</span>
              {item.lead ? (
                <span className="shrink-0 font-medium tabular-nums" data-testid="inbox-row-deal">
                  {formatMoney(orderAmount(item.lead.dealSizeCents), item.lead.currency)}
                </span>
              ) : null}
            </span>
          ) : null}
          {item.lead?.need ? (
            <span className="block truncate text-muted-foreground text-xs" title={item.lead.need}>
              {item.lead.need}
            </span>
          ) : null}
          <span className="flex flex-wrap items-center gap-1.5 pt-0.5">
            {item.lead ? <LeadStageBadge stage={item.lead.stage} /> : null}
            <ConversationStatusBadge status={item.status} />
          </span>
        </span>
      </Link>
    </li>
  );
});
