import { parseConversationSearch } from "@foreman/contract";
import { createFileRoute } from "@tanstack/react-router";
import { ConversationPage } from "#web/features/conversations/components/conversation-page.tsx";
import { CompanyGate } from "#web/lib/company-id.tsx";
import { getSelectedCompany } from "#web/lib/selected-company.ts";

export const Route = createFileRoute("/_app/conversations/$conversationId")({
  validateSearch: parseConversationSearch,
  // Starts both calls early; the page shows a missing conversation (404) and other failures itself.
  loader: async ({ context: { queryClient }, params: { conversationId } }) => {
    const company = getSelectedCompany();
    if (!company) return;
    // Imported here, not at the top: this file's loader is part of the shell's download.
    const { conversationQueryOptions, messagesQueryOptions } = await import("#web/features/conversations/api.ts");
    await Promise.all([
      queryClient.prefetchQuery(conversationQueryOptions(company.id, conversationId)),
      queryClient.prefetchInfiniteQuery(messagesQueryOptions(company.id, conversationId)),
    ]);
  },
  head: () => ({ meta: [{ title: "Conversation · Foreman" }] }),
  component: ConversationRoute,
});

function ConversationRoute() {
  const { conversationId } = Route.useParams();
  const { embed } = Route.useSearch();
  // A new conversation or company starts afresh (scroll position, reply text, notices).
  return (
    <CompanyGate>
      <ConversationPage key={conversationId} conversationId={conversationId} embed={embed === 1} />
    </CompanyGate>
  );
}
