import { CHANNEL_LABELS, type ConversationListItem, formatMoney, orderAmount } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { LeadStageBadge } from "#web/components/badges/lead-stage-badge.tsx";
import { LIST_CARD_CLASS, ListCardContent } from "#web/components/layout/list-card.tsx";
import { TableOrCards } from "#web/components/layout/table-or-cards.tsx";
import { LazyTooltip } from "#web/components/ui/lazy-tooltip.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { activityLabel } from "../activity-date.ts";
import { ChannelIcon } from "./channel-icon.tsx";
import { ConversationStatusBadge } from "./conversation-status-badge.tsx";

// The conversations index: name, company, need, deal size, status,
// date, channel): a table on wide screens, cards on phones; every row opens the conversation.

type ConversationsListProps = { conversations: readonly ConversationListItem[]; embed?: boolean };

const nameOf = (item: ConversationListItem) => item.customer?.fullName ?? "Unknown customer";
/** An email conversation's subject (other channels have none). */
const subjectOf = (item: ConversationListItem) => (item.channel === "email" && item.subject?.trim()) || null;
const dealOf = (item: ConversationListItem) =>
  item.lead ? formatMoney(orderAmount(item.lead.dealSizeCents), item.lead.currency) : null;

export function ConversationsList({ conversations, embed = false }: ConversationsListProps) {
  const now = new Date();
  const search = embed ? { embed: 1 as const } : {};
  // The table needs about 56rem; below that (phones, or the sidebar open on a laptop) the rows are cards.
  return (
    <TableOrCards
      by="list"
      table={
        <Table className="table-fixed">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-[28%] pl-4">Customer</TableHead>
              <TableHead>Need</TableHead>
              <TableHead className="w-32">Stage</TableHead>
              <TableHead className="w-32 text-right">Deal size</TableHead>
              <TableHead className="w-24">Status</TableHead>
              <TableHead className="w-38 pr-4 text-right">Last activity</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {conversations.map((item) => (
              <TableRow key={item.id} className="relative" data-testid="conversation-row" data-id={item.id}>
                <TableCell className="pl-4">
                  <div className="flex items-center gap-3">
                    <LazyTooltip content={CHANNEL_LABELS[item.channel]}>
                      <span className="relative z-10 flex size-8 shrink-0 items-center justify-center rounded-full border bg-background">
                        <ChannelIcon channel={item.channel} />
                      </span>
                    </LazyTooltip>
                    <div className="min-w-0">
                      {/* The link covers the whole row (after:inset-0), so the row is one target. */}
                      <Link
                        to="/conversations/$conversationId"
                        params={{ conversationId: item.id }}
                        search={search}
                        className="block truncate font-medium outline-none after:absolute after:inset-0 focus-visible:underline"
                      >
                        {nameOf(item)}
                      </Link>
                      {item.customer?.organization ? (
                        <span className="block truncate text-muted-foreground text-xs">
                          {item.customer.organization}
                        </span>
                      ) : null}
                      <SubjectText subject={subjectOf(item)} id={item.id} embed={embed} />
                    </div>
                  </div>
                </TableCell>
                <TableCell>
                  <NeedText need={item.lead?.need ?? null} id={item.id} embed={embed} />
                </TableCell>
                <TableCell>{item.lead ? <LeadStageBadge stage={item.lead.stage} /> : <Dash />}</TableCell>
                <TableCell className="text-right font-medium tabular-nums">{dealOf(item) ?? <Dash />}</TableCell>
                <TableCell>
                  <ConversationStatusBadge status={item.status} />
                </TableCell>
                <TableCell className="pr-4 text-right text-muted-foreground">
                  <time dateTime={item.lastActivityAt}>{activityLabel(item.lastActivityAt, now)}</time>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
      cards={conversations.map((item) => (
        <li key={item.id} data-testid="conversation-card" data-id={item.id}>
          <Link
            to="/conversations/$conversationId"
            params={{ conversationId: item.id }}
            search={search}
            className={LIST_CARD_CLASS}
          >
            <ListCardContent>
              <div className="flex items-start justify-between gap-3">
                <span className="flex min-w-0 items-center gap-1.5">
                  <ChannelIcon channel={item.channel} />
                  <span className="truncate font-medium">{nameOf(item)}</span>
                </span>
                <span className="shrink-0 font-medium tabular-nums">{dealOf(item)}</span>
              </div>
              {subjectOf(item) ? (
                <p
                  className="truncate font-medium text-sm"
                  title={subjectOf(item) ?? undefined}
                  data-testid="conversation-subject"
                >
                  <span className="sr-only">Subject: </span>
                  {subjectOf(item)}
                </p>
              ) : null}
              {item.customer?.organization || item.lead?.need ? (
                <p className="truncate text-muted-foreground text-sm">
                  {[item.customer?.organization, item.lead?.need].filter(Boolean).join(" · ")}
                </p>
              ) : null}
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-xs">
                {item.lead ? <LeadStageBadge stage={item.lead.stage} /> : null}
                <ConversationStatusBadge status={item.status} />
                <span className="ml-auto">
                  <time dateTime={item.lastActivityAt}>{activityLabel(item.lastActivityAt, now)}</time>
                </span>
              </div>
            </ListCardContent>
          </Link>
        </li>
      ))}
    />
  );
}

function Dash() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden>—</span>
      <span className="sr-only">None</span>
    </span>
  );
}

/** An email conversation's subject under the name: one line, whole in the tooltip (as the need). */
function SubjectText({ subject, id, embed }: { subject: string | null; id: string; embed: boolean }) {
  if (!subject) return null;
  return (
    <LazyTooltip content={<span className="block max-w-80">{subject}</span>} align="start">
      <Link
        to="/conversations/$conversationId"
        params={{ conversationId: id }}
        search={embed ? { embed: 1 } : {}}
        tabIndex={-1}
        className="relative z-10 block truncate text-foreground/80 text-xs outline-none"
        data-testid="conversation-subject"
      >
        <span className="sr-only">Subject: </span>
        {subject}
      </Link>
    </LazyTooltip>
  );
}

/**
 * The need is free text: one line here, whole in the tooltip. It sits above the row's link (z-10) so
 * pointing at it shows the tooltip, and links to the same conversation so a click still opens it; the
 * row's first link is the keyboard's way in.
 */
function NeedText({ need, id, embed }: { need: string | null; id: string; embed: boolean }) {
  if (!need) return <span className="text-muted-foreground">Not stated</span>;
  return (
    <LazyTooltip content={<span className="block max-w-80">{need}</span>} align="start">
      <Link
        to="/conversations/$conversationId"
        params={{ conversationId: id }}
        search={embed ? { embed: 1 } : {}}
        tabIndex={-1}
        className="relative z-10 block truncate outline-none"
        data-testid="conversation-need"
      >
        {need}
      </Link>
    </LazyTooltip>
  );
}
