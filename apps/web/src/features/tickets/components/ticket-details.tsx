import {
  formatLongDate,
  orderStatusLabel,
  TICKET_SOURCE_LABELS,
  TICKET_TYPE_LABELS,
  type TicketDetail,
} from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { chipClass } from "#web/components/ui/chip.tsx";
import { ResponsibleName } from "./tickets-table.tsx";

type TicketDetailsProps = {
  ticket: TicketDetail;
  /** Narrows the list to a tag (and closes the preview). */
  onFilterTag: (tag: string) => void;
};

/** The ticket's facts: who it is for and with, where it came from, its links, tags and followers. */
export function TicketDetails({ ticket, onFilterTag }: TicketDetailsProps) {
  const { client, conversation, order } = ticket;
  return (
    <dl
      className="grid grid-cols-[minmax(0,6.5rem)_minmax(0,1fr)] gap-x-4 gap-y-2.5 text-sm sm:grid-cols-[minmax(0,8rem)_minmax(0,1fr)]"
      data-testid="ticket-details"
    >
      <Fact term="Client">
        {client ? (
          <div className="min-w-0 space-y-0.5">
            <p className="font-medium">{client.fullName}</p>
            {client.organization ? <p className="text-muted-foreground">{client.organization}</p> : null}
            {client.email ? (
              <a
                className="block truncate text-primary underline-offset-4 hover:underline"
                href={`mailto:${client.email}`}
              >
                {client.email}
              </a>
            ) : null}
            {client.phone ? (
              <a className="block text-primary underline-offset-4 hover:underline" href={`tel:${client.phone}`}>
                {client.phone}
              </a>
            ) : null}
          </div>
        ) : (
          <span className="text-muted-foreground">No client</span>
        )}
      </Fact>
      <Fact term="Responsible">
        <ResponsibleName responsible={ticket.responsible} />
      </Fact>
      <Fact term="AI employee">
        {ticket.aiEmployee ? (
          <Link
            to="/ai_employees/$aiEmployeeId"
            params={{ aiEmployeeId: ticket.aiEmployee.id }}
            className="text-primary underline-offset-4 hover:underline"
          >
            {ticket.aiEmployee.name}
          </Link>
        ) : (
          <span className="text-muted-foreground">None</span>
        )}
      </Fact>
      <Fact term="Type">{TICKET_TYPE_LABELS[ticket.type]}</Fact>
      <Fact term="Source">{TICKET_SOURCE_LABELS[ticket.source]}</Fact>
      <Fact term="Requested">{formatLongDate(ticket.requestedAt)}</Fact>
      <Fact term="Created">
        {formatLongDate(ticket.createdAt)} by {ticket.createdBy.name}
      </Fact>
      {ticket.closedAt ? <Fact term="Closed">{formatLongDate(ticket.closedAt)}</Fact> : null}
      <Fact term="Conversation">
        {conversation ? (
          <Link
            to="/conversations/$conversationId"
            params={{ conversationId: conversation.id }}
            className="text-primary underline-offset-4 hover:underline"
          >
            Conversation #{conversation.displayId}
          </Link>
        ) : (
          <span className="text-muted-foreground">None</span>
        )}
      </Fact>
      <Fact term="Order">
        {order ? (
          <Link
            to="/orders/$orderId"
            params={{ orderId: order.id }}
            className="text-primary underline-offset-4 hover:underline"
          >
            Order #{order.number} · {orderStatusLabel(order.state)}
          </Link>
        ) : (
          <span className="text-muted-foreground">None</span>
        )}
      </Fact>
      <Fact term="Tags">
        {ticket.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {ticket.tags.map((tag) => (
              <li key={tag}>
                <button
                  type="button"
                  className={chipClass(false, "facet")}
                  onClick={() => onFilterTag(tag)}
                  aria-label={`Show tickets tagged ${tag}`}
                >
                  {tag}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-muted-foreground">None</span>
        )}
      </Fact>
      <Fact term="Followers">
        {ticket.followers.length > 0 ? (
          ticket.followers.map((follower) => follower.name).join(", ")
        ) : (
          <span className="text-muted-foreground">Nobody yet</span>
        )}
      </Fact>
    </dl>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
