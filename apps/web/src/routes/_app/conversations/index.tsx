import { parseConversationsSearch } from "@foreman/contract";
import { createFileRoute, useNavigate, useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import {
  ConversationsPage,
  type ConversationsPageChange,
} from "#web/features/conversations/components/conversations-page.tsx";
import { isLatestPath } from "#web/lib/latest-path.ts";
import { getSelectedCompany } from "#web/lib/selected-company.ts";

export const Route = createFileRoute("/_app/conversations/")({
  validateSearch: parseConversationsSearch,
  loaderDeps: ({ search: { stage, channel, status, q, aiEmployeeId, page, searchIn } }) => ({
    stage,
    channel,
    status,
    q,
    aiEmployeeId,
    page,
    searchIn,
  }),
  // Starts the page in the address early (also on link hover); the screen shows failures itself.
  loader: async ({ context: { queryClient }, deps }) => {
    const company = getSelectedCompany();
    // The message search loads on its own screen (its text is not the list's filter).
    if (!company || deps.searchIn) return;
    // Imported here, not at the top: this file's loader is part of the shell's download.
    const { conversationsQueryOptions } = await import("#web/features/conversations/api.ts");
    const { page, searchIn: _searchIn, ...filters } = deps;
    await queryClient.prefetchQuery(conversationsQueryOptions(company.id, filters, page));
  },
  head: () => ({ meta: [{ title: "Conversations · Foreman" }] }),
  component: ConversationsRoute,
});

function ConversationsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const router = useRouter();
  // Another filter is another list: it starts from its first page.
  const onFiltersChange = useCallback(
    (change: ConversationsPageChange) => {
      // The search text applies after a pause: dropped if the user has clicked through meanwhile.
      if (!isLatestPath(router, "/conversations")) return;
      void navigate({ search: (prev) => ({ ...prev, ...change, page: undefined }) });
    },
    [navigate, router],
  );
  return <ConversationsPage search={search} onFiltersChange={onFiltersChange} />;
}
