import {
  type ConversationFilters,
  type ConversationListItem,
  type ConversationsPage,
  type InboxPageSearch,
  inboxChatAddress,
} from "@foreman/contract";
import { type InfiniteData, type QueryClient, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Inbox, MessagesSquare, RotateCw } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { conversationLookupQueryOptions, conversationsKeys } from "#web/features/conversations/api.ts";
import {
  ConversationFilterPanel,
  type FiltersChange,
} from "#web/features/conversations/components/conversation-filters.tsx";
import { hasConversationFilters } from "#web/features/conversations/filters.ts";
import { useLiveConversationLists } from "#web/features/conversations/use-live-conversation.ts";
import { describeError } from "#web/lib/api-error.ts";
import { cn } from "#web/lib/utils.ts";
import { inboxQueryOptions } from "../api.ts";
import { InboxConversationFrame, NoSsoLink } from "./inbox-conversation-frame.tsx";
import { InboxRow } from "./inbox-row.tsx";

// The inbox: recent conversations with a filter panel, and the open one through the chat tool's
// single-sign-on link. Wide screens: the list beside the open conversation. Phones: the list, then the
// conversation full screen with a back button. Filters and the open conversation are in the address.

type InboxPageProps = {
  companyId: string | null;
  search: InboxPageSearch;
  onFiltersChange: (change: FiltersChange) => void;
  onClose: () => void;
};

export function InboxPage({ companyId, search, onFiltersChange, onClose }: InboxPageProps) {
  const filters: ConversationFilters = {
    stage: search.stage,
    channel: search.channel,
    status: search.status,
    q: search.q,
  };
  const address = inboxChatAddress(search);
  return (
    // Fills the shell's main area edge to edge (cancelling its padding): the list and the frame scroll.
    <div className="-mx-4 -my-6 md:-mx-8 md:-my-8 flex h-[calc(100dvh-3.5rem)] min-h-0" data-testid="inbox">
      <section
        aria-labelledby="inbox-title"
        className="flex w-full min-w-0 flex-col border-r lg:w-[24rem] xl:w-[27rem]"
      >
        <div className="space-y-3 border-b px-4 pt-4 pb-3">
          <h1 id="inbox-title" className="font-semibold text-xl tracking-tight">
            Inbox
          </h1>
          <ConversationFilterPanel
            filters={filters}
            onChange={onFiltersChange}
            collapsible={{ defaultOpen: hasChipFilters(filters) }}
          />
        </div>
        {companyId ? (
          <InboxList key={companyId} companyId={companyId} filters={filters} selected={address} />
        ) : (
          <ListSkeleton />
        )}
      </section>
      {companyId && address ? (
        <OpenConversation
          key={`${address.accountId}-${address.displayId}`}
          companyId={companyId}
          address={address}
          onClose={onClose}
        />
      ) : (
        <div className="hidden flex-1 items-center justify-center bg-muted/20 p-8 lg:flex">
          <EmptyState
            icon={MessagesSquare}
            title="Select a conversation"
            description="Pick a conversation on the left to read it and reply."
            className="border-none"
          />
        </div>
      )}
    </div>
  );
}

const hasChipFilters = (filters: ConversationFilters) => Boolean(filters.stage || filters.channel || filters.status);

type ChatAddress = { accountId: number; displayId: number };

function InboxList({
  companyId,
  filters,
  selected,
}: {
  companyId: string;
  filters: ConversationFilters;
  selected: ChatAddress | null;
}) {
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
      </div>
    );
  }
  if (!query.data) return <ListSkeleton />;
  if (conversations.length === 0) {
    return (
      <div className="p-4">
        <EmptyState
          icon={Inbox}
          title="No recent conversations"
          description={
            hasConversationFilters(filters)
              ? "None match these filters. Try another stage, channel or status, or clear the search."
              : "Conversations your AI employees have with customers will show up here."
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
          <Button
            variant="outline"
            size="sm"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? <Spinner className="size-3.5" /> : null}
            Show more
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The conversation the address names. Its id comes from the list when the row is loaded, else from a
 * lookup by display id (a shared link, a chat tool's pass-through). On phones it covers the screen.
 */
function OpenConversation({
  companyId,
  address,
  onClose,
}: {
  companyId: string;
  address: ChatAddress;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  // A row the list has already loaded needs no lookup.
  const [fromList] = useState(() => findListed(queryClient, companyId, address));
  const lookup = useQuery({
    ...conversationLookupQueryOptions(companyId, address.accountId, address.displayId),
    enabled: fromList === null,
  });
  const conversation: ConversationListItem | null | undefined = fromList ?? lookup.data;
  const back = useRef<HTMLButtonElement>(null);
  const name =
    conversation?.customer?.fullName ?? (conversation ? "Unknown customer" : `Conversation #${address.displayId}`);

  // On phones the conversation replaces the list: move focus to its back button.
  useEffect(() => {
    if (back.current && back.current.offsetParent !== null) back.current.focus();
  }, []);

  return (
    <section
      aria-label={`Conversation with ${name}`}
      className="fixed inset-0 z-50 flex flex-col bg-background lg:static lg:z-auto lg:min-w-0 lg:flex-1"
      data-testid="inbox-conversation"
    >
      <div className="flex h-12 shrink-0 items-center gap-2 border-b px-2 lg:hidden">
        <Button ref={back} variant="ghost" size="sm" onClick={onClose}>
          <ArrowLeft aria-hidden />
          Inbox
        </Button>
      </div>
      {conversation === undefined && lookup.isPending ? (
        <div className="flex flex-1 items-center justify-center" role="status">
          <Spinner label="Finding the conversation" />
        </div>
      ) : lookup.error ? (
        <NoSsoLink reason={describeError(lookup.error)} />
      ) : conversation ? (
        <InboxConversationFrame
          key={conversation.id}
          companyId={companyId}
          conversationId={conversation.id}
          title={`Conversation with ${name}`}
          className="flex flex-col"
        />
      ) : (
        <NoSsoLink reason={`There is no conversation #${address.displayId} in this company's chat account.`} />
      )}
    </section>
  );
}

function findListed(queryClient: QueryClient, companyId: string, address: ChatAddress): ConversationListItem | null {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<ConversationsPage> | ConversationsPage>({
    queryKey: conversationsKeys.lists(companyId),
  })) {
    const pages = data && "pages" in data ? data.pages : data ? [data] : [];
    for (const page of pages) {
      const found = page.conversations.find(
        (item) => item.accountId === address.accountId && item.displayId === address.displayId,
      );
      if (found) return found;
    }
  }
  return null;
}

function ListSkeleton() {
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
