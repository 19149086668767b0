import {
  formatLongDate,
  TICKET_SOURCE_LABELS,
  TICKET_TYPE_LABELS,
  type TicketClient,
  type TicketResponsible,
  type TicketSummary,
  ticketDisplayId,
} from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { Bot, ChevronRight } from "lucide-react";
import type { PointerEvent } from "react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { TicketPriorityBadge, TicketStatusBadge } from "./ticket-badges.tsx";

// A row shows the ID, subject (with its type and source under it), client, priority, status,
// responsible and request date; the preview has the rest. Every row (a card on phones) is one link that opens the preview beside the list.

type TicketsTableProps = {
  tickets: readonly TicketSummary[];
  /** The ticket whose preview is open: its row is marked. */
  selectedId: string | undefined;
};

/**
 * A card on phones, the whole card the link (as components/layout/list-card.tsx draws the other lists'
 * cards: not imported, so that module's chunk stays whole and no new chunk name joins the shell's
 * preload table).
 */
const CARD_CLASS =
  "flex items-center gap-3 rounded-xl border bg-card p-4 shadow-xs outline-none transition-colors hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring";

/** The attribute the preview looks for to give focus back to the row it was opened from. */
export const TICKET_LINK_ATTRIBUTE = "data-ticket-link";

/** The full subject as the link's tooltip, only when the cell cuts it short. */
function showFullWhenCut(event: PointerEvent<HTMLElement>) {
  const link = event.currentTarget;
  link.title = link.scrollWidth > link.clientWidth ? (link.textContent ?? "") : "";
}

export function TicketsTable({ tickets, selectedId }: TicketsTableProps) {
  return (
    <>
      <div className="hidden rounded-xl border bg-card md:block">
        <Table aria-label="Tickets">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead scope="col" className="pl-4">
                Ticket
              </TableHead>
              <TableHead scope="col">Subject</TableHead>
              <TableHead scope="col">Client</TableHead>
              <TableHead scope="col">Priority</TableHead>
              <TableHead scope="col">Status</TableHead>
              <TableHead scope="col" className="hidden lg:table-cell">
                Responsible
              </TableHead>
              <TableHead scope="col" className="pr-4">
                Requested
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {tickets.map((ticket) => (
              <TableRow
                key={ticket.id}
                className="relative"
                data-testid="ticket-row"
                data-ticket-id={ticket.id}
                data-state={ticket.id === selectedId ? "selected" : undefined}
              >
                <TableCell className="whitespace-nowrap pl-4 text-muted-foreground tabular-nums">
                  {ticketDisplayId(ticket.number)}
                </TableCell>
                {/* w-full max-w-0: the subject takes the room the other columns leave, and is cut to it. */}
                <TableCell className="w-full max-w-0">
                  {/* The link covers the whole row (after:inset-0), so the row is one target: click or Enter. */}
                  <Link
                    from="/support"
                    to="/support"
                    search={(prev) => ({ ...prev, ticket: ticket.id })}
                    className="block truncate font-medium outline-none after:absolute after:inset-0 focus-visible:underline focus-visible:after:ring-2 focus-visible:after:ring-ring focus-visible:after:ring-inset"
                    onPointerEnter={showFullWhenCut}
                    aria-label={`${ticketDisplayId(ticket.number)}: ${ticket.subject}`}
                    {...{ [TICKET_LINK_ATTRIBUTE]: ticket.id }}
                  >
                    {ticket.subject}
                  </Link>
                  <p className="truncate text-muted-foreground text-xs" data-testid="ticket-type">
                    {TICKET_TYPE_LABELS[ticket.type]} · {TICKET_SOURCE_LABELS[ticket.source]}
                  </p>
                </TableCell>
                <TableCell className="max-w-[10rem]">
                  <ClientCell client={ticket.client} />
                </TableCell>
                <TableCell>
                  <TicketPriorityBadge priority={ticket.priority} />
                </TableCell>
                <TableCell>
                  <TicketStatusBadge status={ticket.status} />
                </TableCell>
                <TableCell className="hidden max-w-[9rem] lg:table-cell">
                  <ResponsibleName responsible={ticket.responsible} />
                </TableCell>
                <TableCell className="whitespace-nowrap pr-4 text-muted-foreground">
                  {formatLongDate(ticket.requestedAt)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <ul className="space-y-2 md:hidden">
        {tickets.map((ticket) => (
          <li key={ticket.id} data-testid="ticket-card" data-ticket-id={ticket.id}>
            <Link
              from="/support"
              to="/support"
              search={(prev) => ({ ...prev, ticket: ticket.id })}
              className={CARD_CLASS}
              {...{ [TICKET_LINK_ATTRIBUTE]: ticket.id }}
            >
              <div className="min-w-0 flex-1 space-y-1.5">
                <div className="flex items-start justify-between gap-3">
                  <span className="line-clamp-2 font-medium">{ticket.subject}</span>
                  <span className="shrink-0 text-muted-foreground text-xs tabular-nums">
                    {ticketDisplayId(ticket.number)}
                  </span>
                </div>
                <p className="truncate text-muted-foreground text-sm">{clientLine(ticket.client)}</p>
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-xs">
                  <TicketStatusBadge status={ticket.status} />
                  <TicketPriorityBadge priority={ticket.priority} />
                  <span>{TICKET_TYPE_LABELS[ticket.type]}</span>
                  <span className="whitespace-nowrap">{formatLongDate(ticket.requestedAt)}</span>
                </div>
              </div>
              <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

const clientLine = (client: TicketClient | null) =>
  client ? [client.fullName, client.organization].filter(Boolean).join(" · ") : "No client";

function ClientCell({ client }: { client: TicketClient | null }) {
  if (!client) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="min-w-0">
      <p className="truncate">{client.fullName}</p>
      {client.organization ? <p className="truncate text-muted-foreground text-xs">{client.organization}</p> : null}
    </div>
  );
}

/** Who has the ticket; an AI employee is marked so, and nobody reads "Unassigned". */
export function ResponsibleName({ responsible }: { responsible: TicketResponsible | null }) {
  if (!responsible) return <span className="text-muted-foreground">Unassigned</span>;
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      {responsible.kind === "ai_employee" ? (
        <Bot aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
      ) : null}
      <span className="truncate">
        {responsible.kind === "ai_employee" ? <span className="sr-only">AI employee </span> : null}
        {responsible.name}
      </span>
    </span>
  );
}
