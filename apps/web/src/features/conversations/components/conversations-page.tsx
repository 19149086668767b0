import { type ConversationFilters, type ConversationsSearch, FIRST_PAGE } from "@foreman/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { MessagesSquare, RotateCw, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { ListPagination } from "#web/components/layout/list-pagination.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { cn } from "#web/lib/utils.ts";
import { conversationsQueryOptions } from "../api.ts";
import { hasConversationFilters } from "../filters.ts";
import { useLiveConversationLists } from "../use-live-conversation.ts";
import { ConversationFilterPanel, type FiltersChange } from "./conversation-filters.tsx";
import { ConversationsList } from "./conversations-list.tsx";

type ConversationsPageProps = {
  companyId: string | null;
  search: ConversationsSearch;
  onFiltersChange: (change: FiltersChange) => void;
};

/** Every conversation, newest activity first, 50 a page, with the inbox's filters; all held in the address. */
export function ConversationsPage({ companyId, search, onFiltersChange }: ConversationsPageProps) {
  const embed = search.embed === 1;
  return (
    <div className={cn("space-y-6", embed && "min-h-dvh p-4 sm:p-6")}>
      <PageHeader
        title="Conversations"
        description="Every conversation your AI employees have had with customers, newest activity first."
      />
      <ConversationFilterPanel
        filters={search}
        onChange={onFiltersChange}
        wide
        // On a phone the chips would push the list below the fold: they fold behind a button there.
        collapsible={{ defaultOpen: Boolean(search.stage || search.channel || search.status), phoneOnly: true }}
      />
      {companyId ? <Results key={companyId} companyId={companyId} search={search} /> : <ListSkeleton />}
    </div>
  );
}

function filtersOf(search: ConversationsSearch): ConversationFilters {
  return { stage: search.stage, channel: search.channel, status: search.status, q: search.q };
}

function Results({ companyId, search }: { companyId: string; search: ConversationsSearch }) {
  const filters = filtersOf(search);
  const query = useQuery({
    ...conversationsQueryOptions(companyId, filters, search.page ?? FIRST_PAGE),
    placeholderData: keepPreviousData,
  });
  useLiveConversationLists(companyId);

  if (query.error && !query.data) {
    return (
      <EmptyState
        title="The conversations could not be loaded."
        description={describeError(query.error)}
        action={
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            <RotateCw aria-hidden />
            Try again
          </Button>
        }
      />
    );
  }
  if (!query.data) return <ListSkeleton />;
  const { conversations, total, page, perPage } = query.data;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <section aria-labelledby="all-conversations" className="space-y-4">
      <h2 id="all-conversations" className="flex items-baseline gap-2 font-semibold text-base">
        {hasConversationFilters(filters) ? "Matching conversations" : "All conversations"}
        <span className="font-normal text-muted-foreground tabular-nums" data-testid="conversations-total">
          {total.toLocaleString("en-US")}
        </span>
        {query.isPlaceholderData ? <Spinner className="size-3.5 self-center text-muted-foreground" /> : null}
      </h2>
      {conversations.length === 0 && total > 0 ? (
        <EmptyState
          icon={MessagesSquare}
          title={`There is no page ${page.toLocaleString("en-US")}`}
          description={`These conversations fit on ${pages.toLocaleString("en-US")} ${pages === 1 ? "page" : "pages"}.`}
          action={
            <Button variant="outline" size="sm" asChild>
              {pageLink(pages, "Go to the last page")}
            </Button>
          }
        />
      ) : conversations.length === 0 ? (
        hasConversationFilters(filters) ? (
          <EmptyState
            icon={SearchX}
            title="No conversations match these filters"
            description="Try another stage, channel or status, or clear the search."
          />
        ) : (
          <EmptyState
            icon={MessagesSquare}
            title="No recent conversations"
            description="Conversations your AI employees have with customers will show up here."
          />
        )
      ) : (
        <div className={cn("space-y-4 transition-opacity", query.isPlaceholderData && "opacity-60")}>
          <ConversationsList conversations={conversations} embed={search.embed === 1} />
          <Pagination page={page} perPage={perPage} total={total} />
        </div>
      )}
    </section>
  );
}

/** A link to another page of the list; page 1 stays out of the address. */
function pageLink(page: number, children: ReactNode) {
  return (
    <Link
      from="/conversations/"
      to="/conversations"
      search={(prev) => ({ ...prev, page: page === FIRST_PAGE ? undefined : page })}
    >
      {children}
    </Link>
  );
}

/** The conversations' pages, hidden when one page holds them all. */
function Pagination(props: { page: number; perPage: number; total: number }) {
  return <ListPagination {...props} noun="conversations" hideSinglePage pageLink={pageLink} />;
}

function ListSkeleton() {
  return (
    <div className="space-y-2" role="status">
      <span className="sr-only">Loading conversations…</span>
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <Skeleton key={index} className="h-14 w-full rounded-lg" />
      ))}
    </div>
  );
}
