import type { ConversationListItem, ConversationsPage } from "@foreman/contract";
import { type InfiniteData, type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { conversationLookupQueryOptions, conversationsKeys } from "#web/features/conversations/api.ts";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { InboxConversationFrame, NoSsoLink } from "./inbox-conversation-frame.tsx";

/** The chat tool's pair naming a conversation (`sso_account_id`, `sso_conversation_id`). */
export type ChatAddress = { accountId: number; displayId: number };

/**
 * The conversation the address names. Its id comes from the list when the row is loaded, else from a
 * lookup by display id (a shared link, a chat tool's pass-through). On phones it covers the screen.
 */
export function OpenConversation({ address, onClose }: { address: ChatAddress; onClose: () => void }) {
  const companyId = useCompanyId();
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
