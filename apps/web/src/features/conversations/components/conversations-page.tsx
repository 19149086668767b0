import {
  type ConversationFilters,
  type ConversationsSearch,
  type ConversationsSearchIn,
  FIRST_PAGE,
} from "@foreman/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { MessagesSquare, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { EmployeeFilterNotice } from "#web/components/filters/employee-filter-notice.tsx";
import { HelpLink } from "#web/components/help-link.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { PagedList } from "#web/components/layout/paged-list.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { CompanyGate, useCompanyId } from "#web/lib/company-id.tsx";
import { cn } from "#web/lib/utils.ts";
import { conversationsQueryOptions } from "../api.ts";
import { hasConversationFilters } from "../filters.ts";
import { useLiveConversationLists } from "../use-live-conversation.ts";
import { ConversationFilterPanel, type FiltersChange } from "./conversation-filters.tsx";
import { ConversationsList } from "./conversations-list.tsx";
import { MessageSearch } from "./message-search.tsx";
import { SearchInToggle } from "./search-in-toggle.tsx";

/** A change the page asks of its address: filters, or what the search box searches. */
export type ConversationsPageChange = FiltersChange & { searchIn?: ConversationsSearchIn | undefined };

type ConversationsPageProps = {
  search: ConversationsSearch;
  onFiltersChange: (change: ConversationsPageChange) => void;
};

/**
 * Every conversation, newest activity first, 50 a page, with the inbox's filters; or, with
 * `searchIn=messages`, a full-text search of every message. All held in the address.
 */
export function ConversationsPage({ search, onFiltersChange }: ConversationsPageProps) {
  const embed = search.embed === 1;
  const inMessages = search.searchIn === "messages";
  return (
    <div className={cn("space-y-6", embed && "min-h-dvh p-4 sm:p-6")}>
      <PageHeader
        title="Conversations"
        description="Every conversation your AI employees have had with customers, newest activity first."
        help={embed ? undefined : <HelpLink topic="conversations" />}
      />
      <SearchInToggle value={search.searchIn} onChange={(searchIn) => onFiltersChange({ searchIn })} />
      {inMessages ? (
        <CompanyGate fallback={<ListSkeleton />}>
          <MessageSearch q={search.q} onSearch={(q) => onFiltersChange({ q: q || undefined })} embed={embed} />
        </CompanyGate>
      ) : (
        <ConversationList search={search} onFiltersChange={onFiltersChange} />
      )}
    </div>
  );
}

/** The conversations with their filters. */
function ConversationList({ search, onFiltersChange }: ConversationsPageProps) {
  return (
    <>
      <ConversationFilterPanel
        filters={search}
        onChange={onFiltersChange}
        wide
        // On a phone the chips would push the list below the fold: they fold behind a button there.
        collapsible={{ defaultOpen: Boolean(search.stage || search.channel || search.status), phoneOnly: true }}
      />
      <EmployeeFilterNotice
        aiEmployeeId={search.aiEmployeeId}
        clearLink={(props) => (
          <Link
            from="/conversations/"
            to="/conversations"
            search={(prev) => ({ ...prev, aiEmployeeId: undefined, page: undefined })}
            {...props}
          />
        )}
      />
      <CompanyGate fallback={<ListSkeleton />}>
        <Results search={search} />
      </CompanyGate>
    </>
  );
}

function filtersOf(search: ConversationsSearch): ConversationFilters {
  return {
    stage: search.stage,
    channel: search.channel,
    status: search.status,
    q: search.q,
    aiEmployeeId: search.aiEmployeeId,
  };
}

function Results({ search }: { search: ConversationsSearch }) {
  const companyId = useCompanyId();
  const filters = filtersOf(search);
  const query = useQuery({
    ...conversationsQueryOptions(companyId, filters, search.page ?? FIRST_PAGE),
    placeholderData: keepPreviousData,
  });
  useLiveConversationLists(companyId);

  if (query.error && !query.data) {
    return (
      <QueryError
        title="The conversations could not be loaded."
        error={query.error}
        onRetry={() => void query.refetch()}
        size="sm"
      />
    );
  }
  if (!query.data) return <ListSkeleton />;
  const { conversations, total, page, perPage } = query.data;
  return (
    <PagedList
      title={hasConversationFilters(filters) ? "Matching conversations" : "All conversations"}
      headingId="all-conversations"
      totalTestId="conversations-total"
      page={page}
      perPage={perPage}
      total={total}
      rows={conversations.length}
      noun="conversations"
      pageLink={pageLink}
      hideSinglePage
      updating={query.isPlaceholderData}
      pastEnd={{ icon: MessagesSquare, backTo: "last" }}
      empty={
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
            description="Conversations with your customers appear here. Put an AI employee on your website, or connect WhatsApp, email or the API."
            action={
              <Button asChild variant="outline">
                <Link to="/training" search={{ tab: "integrations" }}>
                  Connect a channel
                </Link>
              </Button>
            }
          />
        )
      }
    >
      <ConversationsList conversations={conversations} embed={search.embed === 1} />
    </PagedList>
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
