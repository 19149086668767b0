import type { ConversationFilters } from "@foreman/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Inbox } from "lucide-react";
import { useMemo } from "react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { ShowMoreButton } from "#web/components/layout/show-more-button.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { hasConversationFilters } from "#web/features/conversations/filters.ts";
import { useLiveConversationLists } from "#web/features/conversations/use-live-conversation.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { cn } from "#web/lib/utils.ts";
import { inboxQueryOptions } from "../api.ts";
import { InboxRow } from "./inbox-row.tsx";
import type { ChatAddress } from "./open-conversation.tsx";

// The inbox's list: recent conversations, newest activity first, loaded 50 at a time; the open one marked.

export function InboxList({ filters, selected }: { filters: ConversationFilters; selected: ChatAddress | null }) {
  const companyId = useCompanyId();
  const query = useInfiniteQuery(inboxQueryOptions(companyId, filters));
  useLiveConversationLists(companyId);
  const conversations = useMemo(() => query.data?.pages.flatMap((page) => page.conversations) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;
  // One "now" per answer, so the memoised rows re-render only when the list does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer is the moment to read the clock
  const now = useMemo(() => new Date(), [query.data]);

  if (query.error && !query.data) {
    return (
      <div className="p-4">
        <QueryError
          title="The conversations could not be loaded."
          error={query.error}
          onRetry={() => void query.refetch()}
          size="sm"
        />
      </div>
    );
  }
  if (!query.data) return <InboxListSkeleton />;
  if (conversations.length === 0) {
    return (
      <div className="p-4">
        <EmptyState
          icon={Inbox}
          title="No recent conversations"
          description={
            hasConversationFilters(filters)
              ? "None match these filters. Try another stage, channel or status, or clear the search."
              : "Conversations with your customers appear here. Put an AI employee on your website, or connect WhatsApp, email or the API."
          }
          action={
            hasConversationFilters(filters) ? undefined : (
              <Button asChild variant="outline">
                <Link to="/training" search={{ tab: "integrations" }}>
                  Connect a channel
                </Link>
              </Button>
            )
          }
        />
      </div>
    );
  }
  return (
    <div className={cn("min-h-0 flex-1 overflow-y-auto", query.isRefetching && "transition-opacity")}>
      <p className="sr-only" aria-live="polite" data-testid="inbox-total">
        {total.toLocaleString("en-US")} conversations
      </p>
      <ul aria-label="Recent conversations">
        {conversations.map((item) => (
          <InboxRow
            key={item.id}
            item={item}
            now={now}
            selected={
              selected !== null && item.accountId === selected.accountId && item.displayId === selected.displayId
            }
          />
        ))}
      </ul>
      <div className="flex flex-col items-center gap-2 px-4 py-4 text-muted-foreground text-xs">
        <span className="tabular-nums">
          {conversations.length.toLocaleString("en-US")} of {total.toLocaleString("en-US")}
        </span>
        {query.hasNextPage ? (
          <ShowMoreButton size="sm" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} />
        ) : null}
      </div>
    </div>
  );
}

export function InboxListSkeleton() {
  return (
    <div className="space-y-px" role="status">
      <span className="sr-only">Loading conversations…</span>
      {Array.from({ length: 7 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <div key={index} className="flex gap-3 border-b px-4 py-3">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-4 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}
