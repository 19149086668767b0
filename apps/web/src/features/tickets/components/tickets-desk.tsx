import {
  FIRST_PAGE,
  parseSupportSearch,
  type RawSearch,
  type SupportSearch,
  TICKET_STATUS_FILTER_LABELS,
  type TicketsPage,
} from "@foreman/contract";
import { keepPreviousData, type UseQueryResult, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { LifeBuoy, TicketPlus } from "lucide-react";
import { type ReactNode, useDeferredValue, useMemo, useState } from "react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { CompanyGate, useCompanyId } from "#web/lib/company-id.tsx";
import { ticketsListSearch, ticketsQueryOptions } from "../api.ts";
import { useAssignees } from "../assignees.ts";
import { CLEARED_FILTERS, DESK_HEADING_ID, type DeskPatch, hasTicketFilters } from "../desk-search.ts";
import { useDeskNavigate } from "../use-desk-navigate.ts";
import { useLiveTickets } from "../use-live-tickets.ts";
import { NewTicketDialog } from "./new-ticket-dialog.tsx";
import { TicketFilters } from "./ticket-filters.tsx";
import { TicketPreviewSheet } from "./ticket-preview-sheet.tsx";
import { TicketStatusTabs } from "./ticket-status-tabs.tsx";
import { TicketsListSection } from "./tickets-list-section.tsx";
import { TicketsLoading } from "./tickets-loading.tsx";
import { TicketsTable } from "./tickets-table.tsx";
import { TicketsToolbar } from "./tickets-toolbar.tsx";

/**
 * `/support`'s tickets, from the address as the route hands it over: the all/open/closed tabs with their counts, the search, the filters, the list
 * page by page, the preview of one ticket beside it (`?ticket=<id>`), and the form for a new one. Every
 * filter lives in the address.
 */
export function TicketsDesk({ address }: { address: RawSearch }) {
  // Read here rather than by the route, so the parser stays out of the signed-in shell's download.
  const search = useMemo(() => parseSupportSearch(address), [address]);
  return (
    <section aria-labelledby={DESK_HEADING_ID} className="min-w-0 space-y-4" data-testid="tickets-desk">
      <CompanyGate fallback={<TicketsLoading />}>
        <Desk search={search} />
      </CompanyGate>
    </section>
  );
}

function Desk({ search }: { search: SupportSearch }) {
  const companyId = useCompanyId();
  useLiveTickets(companyId);
  const assignees = useAssignees(companyId);
  const onSearch = useDeskNavigate();
  const [creating, setCreating] = useState(false);
  const listSearch = useMemo(() => ticketsListSearch(search), [search]);
  // Another filter or page keeps the current rows, dimmed, until its answer arrives.
  const query = useQuery({ ...ticketsQueryOptions(companyId, listSearch), placeholderData: keepPreviousData });
  const newTicket = (
    <Button onClick={() => setCreating(true)}>
      <TicketPlus aria-hidden />
      New ticket
    </Button>
  );
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h2 id={DESK_HEADING_ID} tabIndex={-1} className="font-semibold text-lg outline-none">
            Tickets
          </h2>
          <p className="text-muted-foreground text-sm">
            Requests your AI employees opened from conversations, and the ones staff added.
          </p>
        </div>
        {newTicket}
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <TicketStatusTabs current={search.status} counts={query.data?.counts} />
        <TicketsToolbar search={search} assignees={assignees} onSearch={onSearch} />
      </div>
      <TicketFilters search={search} tags={pageTags(query.data)} onSearch={onSearch} />
      <TicketsResults search={search} query={query} newTicket={newTicket} onClear={() => onSearch(CLEARED_FILTERS)} />
      <TicketPreviewSheet
        ticketId={search.ticket}
        assignees={assignees}
        onClose={() => onSearch({ ticket: undefined })}
        onFilterTag={(tag) => onSearch({ tag, page: undefined, ticket: undefined })}
      />
      <NewTicketDialog
        open={creating}
        onClose={() => setCreating(false)}
        assignees={assignees}
        onCreated={(ticket) => onSearch({ ticket: ticket.id })}
      />
    </>
  );
}

/** The tags on the page shown (at most eight), for the tag chips. */
function pageTags(page: TicketsPage | undefined): string[] {
  const tags = new Set<string>();
  for (const ticket of page?.tickets ?? []) for (const tag of ticket.tags) tags.add(tag);
  return [...tags].slice(0, 8);
}

type TicketsResultsProps = {
  search: SupportSearch;
  query: UseQueryResult<TicketsPage>;
  newTicket: ReactNode;
  onClear: () => void;
};

function TicketsResults({ search, query, newTicket, onClear }: TicketsResultsProps) {
  // A new page of tickets is drawn in the background, a few milliseconds at a time, so a tap or a key
  // is not kept waiting behind the table; until then the previous rows (or the skeleton) stay.
  const data = useDeferredValue(query.data);
  if (query.error && !query.data)
    return <QueryError title="Couldn't load the tickets" error={query.error} onRetry={() => void query.refetch()} />;
  if (!data) return <TicketsLoading />;
  const { tickets, total, counts, page, perPage } = data;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <TicketsListSection
      title={`${TICKET_STATUS_FILTER_LABELS[search.status ?? "all"]} tickets`}
      page={page}
      perPage={perPage}
      total={total}
      rows={tickets.length}
      pageLink={pageLink}
      updating={query.isPlaceholderData || data !== query.data}
      empty={
        tickets.length === 0 && total > 0 ? (
          // An old link, or fewer tickets since: offer a page that exists.
          <EmptyState
            icon={LifeBuoy}
            title={`There is no page ${page.toLocaleString("en-US")}`}
            description={`These tickets fit on ${pages.toLocaleString("en-US")} ${pages === 1 ? "page" : "pages"}.`}
            action={
              <Button variant="outline" size="sm" asChild>
                {pageLink(pages, "Go to the last page")}
              </Button>
            }
          />
        ) : counts.all === 0 && !hasTicketFilters(search) ? (
          <EmptyState
            icon={LifeBuoy}
            title="No tickets yet"
            description="Tickets your AI employees open from customers' messages appear here, and so do the ones you add."
            action={newTicket}
          />
        ) : (
          <EmptyState
            icon={LifeBuoy}
            title="No tickets match these filters"
            description="Try another status or search, or clear the filters to see every ticket."
            action={
              <Button variant="outline" onClick={onClear}>
                Clear filters
              </Button>
            }
          />
        )
      }
    >
      <TicketsTable tickets={tickets} selectedId={search.ticket} />
    </TicketsListSection>
  );
}

/** A link to another page of the list; page 1 stays out of the address. */
function pageLink(page: number, children: ReactNode) {
  const next: DeskPatch = { page: page === FIRST_PAGE ? undefined : page };
  return (
    <Link from="/support" to="/support" search={(prev) => ({ ...prev, ...next })}>
      {children}
    </Link>
  );
}
