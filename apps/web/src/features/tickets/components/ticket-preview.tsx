import { formatLongDate, type TicketDetail, ticketDisplayId } from "@foreman/contract";
import { useState } from "react";
import { LazySheetDescription, LazySheetTitle } from "#web/components/ui/lazy-sheet.tsx";
import type { Assignees } from "../assignees.ts";
import { TicketActions } from "./ticket-actions.tsx";
import { TicketActivityLog } from "./ticket-activity.tsx";
import { TicketPriorityBadge, TicketStatusBadge } from "./ticket-badges.tsx";
import { TicketCommentForm } from "./ticket-comment-form.tsx";
import { TicketDetails } from "./ticket-details.tsx";
import { TicketMessages } from "./ticket-messages.tsx";

type TicketPreviewProps = {
  ticket: TicketDetail;
  assignees: Assignees;
  onFilterTag: (tag: string) => void;
};

/** One ticket in the sheet: its header and actions, then its facts, the issue, messages, reply and activity. */
export function TicketPreview({ ticket, assignees, onFilterTag }: TicketPreviewProps) {
  const [announcement, setAnnouncement] = useState("");
  return (
    <>
      <p role="status" className="sr-only" data-testid="ticket-announcement">
        {announcement}
      </p>
      <div className="space-y-3 border-b p-4 pr-12">
        <div className="space-y-1">
          <p className="font-medium text-muted-foreground text-xs tabular-nums" data-testid="ticket-preview-id">
            {ticketDisplayId(ticket.number)}
          </p>
          <LazySheetTitle className="break-words text-lg leading-snug">{ticket.subject}</LazySheetTitle>
          <LazySheetDescription className="text-xs">
            Requested {formatLongDate(ticket.requestedAt)} · opened by {ticket.createdBy.name}
          </LazySheetDescription>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <TicketStatusBadge status={ticket.status} />
          <TicketPriorityBadge priority={ticket.priority} />
        </div>
        <TicketActions ticket={ticket} assignees={assignees} announce={setAnnouncement} />
      </div>
      <div className="min-h-0 flex-1 space-y-6 overflow-y-auto p-4">
        <TicketDetails ticket={ticket} onFilterTag={onFilterTag} />
        <section aria-labelledby="ticket-issue-heading" className="space-y-2">
          <h3 id="ticket-issue-heading" className="font-medium text-sm">
            Issue
          </h3>
          {ticket.description ? (
            <p className="whitespace-pre-wrap break-words text-sm" data-testid="ticket-issue">
              {ticket.description}
            </p>
          ) : (
            <p className="text-muted-foreground text-sm">No description.</p>
          )}
        </section>
        {ticket.conversation ? (
          <TicketMessages conversationId={ticket.conversation.id} displayId={ticket.conversation.displayId} />
        ) : null}
        <TicketCommentForm key={ticket.id} ticket={ticket} announce={setAnnouncement} />
        <TicketActivityLog ticketId={ticket.id} />
      </div>
    </>
  );
}
