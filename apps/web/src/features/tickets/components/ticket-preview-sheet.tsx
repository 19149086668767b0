import { useQuery } from "@tanstack/react-query";
import { SearchX } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { LazySheet, LazySheetContent, LazySheetDescription, LazySheetTitle } from "#web/components/ui/lazy-sheet.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { isTicketNotFound, ticketQueryOptions } from "../api.ts";
import type { Assignees } from "../assignees.ts";
import { DESK_HEADING_ID } from "../desk-search.ts";
import { TicketPreview } from "./ticket-preview.tsx";
import { TICKET_LINK_ATTRIBUTE } from "./tickets-table.tsx";

type TicketPreviewSheetProps = {
  /** The ticket in the address (`?ticket=<id>`); none keeps the sheet closed. */
  ticketId: string | undefined;
  assignees: Assignees;
  onClose: () => void;
  onFilterTag: (tag: string) => void;
};

/**
 * The preview beside the list. Escape, the × and a click outside close it; focus goes back to the row
 * it was opened from, or, when that row has left the list (or the address opened it), to the first
 * visible link to the ticket, else the desk's heading.
 */
export function TicketPreviewSheet({ ticketId, assignees, onClose, onFilterTag }: TicketPreviewSheetProps) {
  const opener = useRef<HTMLElement | null>(null);
  // The last ticket shown stays in the sheet while it slides out.
  const shown = useRef(ticketId);
  if (ticketId) shown.current = ticketId;
  const id = ticketId ?? shown.current;
  return (
    <LazySheet
      open={ticketId !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <LazySheetContent
        className="w-full sm:max-w-xl"
        data-testid="ticket-preview"
        onOpenAutoFocus={(event: Event) => {
          const active = document.activeElement;
          opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
          // The sheet itself, so its title and description are read first.
          event.preventDefault();
          if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
        }}
        onCloseAutoFocus={(event: Event) => {
          event.preventDefault();
          focusBack(opener.current, id);
        }}
      >
        {id ? <TicketPreviewBody key={id} ticketId={id} assignees={assignees} onFilterTag={onFilterTag} /> : null}
      </LazySheetContent>
    </LazySheet>
  );
}

function focusBack(opener: HTMLElement | null, ticketId: string | undefined) {
  if (opener?.isConnected) return opener.focus();
  const links = ticketId ? document.querySelectorAll<HTMLElement>(`[${TICKET_LINK_ATTRIBUTE}="${ticketId}"]`) : [];
  const visible = Array.from(links).find((link) => link.getClientRects().length > 0);
  (visible ?? document.getElementById(DESK_HEADING_ID))?.focus();
}

function TicketPreviewBody({
  ticketId,
  assignees,
  onFilterTag,
}: {
  ticketId: string;
  assignees: Assignees;
  onFilterTag: (tag: string) => void;
}) {
  const companyId = useCompanyId();
  const query = useQuery(ticketQueryOptions(companyId, ticketId));
  if (query.data) return <TicketPreview ticket={query.data} assignees={assignees} onFilterTag={onFilterTag} />;
  if (query.error && isTicketNotFound(query.error))
    return (
      <Message title="Ticket not found" description="It does not exist, or it was deleted.">
        <EmptyState
          icon={SearchX}
          title="This ticket is not here"
          description="The link may be old, or the ticket was deleted. Pick one from the list."
        />
      </Message>
    );
  if (query.error)
    return (
      <Message title="Couldn't load the ticket" description="Something went wrong while loading it.">
        <QueryError title="Couldn't load the ticket" error={query.error} onRetry={() => void query.refetch()} />
      </Message>
    );
  return (
    <Message title="Loading the ticket…" description="Its details, messages and activity appear in a moment.">
      <div className="space-y-3" role="status">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    </Message>
  );
}

/** The sheet's title and words while there is no ticket to show (Radix names the dialog by them). */
function Message({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <>
      <div className="space-y-1.5 border-b p-4 pr-12">
        <LazySheetTitle>{title}</LazySheetTitle>
        <LazySheetDescription className="text-xs">{description}</LazySheetDescription>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-4">{children}</div>
    </>
  );
}
