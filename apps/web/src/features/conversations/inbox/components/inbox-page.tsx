import { type ConversationFilters, type InboxPageSearch, inboxChatAddress } from "@foreman/contract";
import { MessagesSquare } from "lucide-react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { HelpLink } from "#web/components/help-link.tsx";
import {
  ConversationFilterPanel,
  type FiltersChange,
} from "#web/features/conversations/components/conversation-filters.tsx";
import { CompanyGate } from "#web/lib/company-id.tsx";
import { InboxList, InboxListSkeleton } from "./inbox-list.tsx";
import { OpenConversation } from "./open-conversation.tsx";

// The inbox: recent conversations with a filter panel, and the open one through the chat tool's
// single-sign-on link. Wide screens: the list beside the open conversation. Phones: the list, then the
// conversation full screen with a back button. Filters and the open conversation are in the address.

type InboxPageProps = {
  search: InboxPageSearch;
  onFiltersChange: (change: FiltersChange) => void;
  onClose: () => void;
};

export function InboxPage({ search, onFiltersChange, onClose }: InboxPageProps) {
  const filters: ConversationFilters = {
    stage: search.stage,
    channel: search.channel,
    status: search.status,
    q: search.q,
  };
  const address = inboxChatAddress(search);
  const noConversation = (
    <div className="hidden flex-1 items-center justify-center bg-muted/20 p-8 lg:flex">
      <EmptyState
        icon={MessagesSquare}
        title="Select a conversation"
        description="Pick a conversation on the left to read it and reply."
        className="border-none"
      />
    </div>
  );
  return (
    // Fills the shell's main area edge to edge (cancelling its padding): the list and the frame scroll.
    <div className="-mx-4 -my-6 md:-mx-8 md:-my-8 flex h-[calc(100dvh-3.5rem)] min-h-0" data-testid="inbox">
      <section
        aria-labelledby="inbox-title"
        className="flex w-full min-w-0 flex-col border-r lg:w-[24rem] xl:w-[27rem]"
      >
        <div className="space-y-3 border-b px-4 pt-4 pb-3">
          <div className="flex items-center gap-1.5">
            <h1 id="inbox-title" className="font-semibold text-xl tracking-tight">
              Inbox
            </h1>
            <HelpLink topic="conversations" />
          </div>
          <ConversationFilterPanel
            filters={filters}
            onChange={onFiltersChange}
            collapsible={{ defaultOpen: hasChipFilters(filters) }}
          />
        </div>
        <CompanyGate fallback={<InboxListSkeleton />}>
          <InboxList filters={filters} selected={address} />
        </CompanyGate>
      </section>
      <CompanyGate fallback={noConversation}>
        {address ? (
          <OpenConversation key={`${address.accountId}-${address.displayId}`} address={address} onClose={onClose} />
        ) : (
          noConversation
        )}
      </CompanyGate>
    </div>
  );
}

const hasChipFilters = (filters: ConversationFilters) => Boolean(filters.stage || filters.channel || filters.status);
