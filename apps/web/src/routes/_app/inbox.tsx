import { parseInboxPageSearch } from "@foreman/contract";
import { createFileRoute, useNavigate, useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import type { FiltersChange } from "#web/features/conversations/components/conversation-filters.tsx";
import { InboxPage } from "#web/features/conversations/inbox/components/inbox-page.tsx";
import { isLatestPath } from "#web/lib/latest-path.ts";
import { getSelectedCompany } from "#web/lib/selected-company.ts";

export const Route = createFileRoute("/_app/inbox")({
  // The filters, and the chat tool's pair naming the open conversation.
  validateSearch: parseInboxPageSearch,
  loaderDeps: ({ search: { stage, channel, status, q } }) => ({ stage, channel, status, q }),
  // Starts the list early (also on link hover); the screen shows failures itself.
  loader: async ({ context: { queryClient }, deps }) => {
    const company = getSelectedCompany();
    if (!company) return;
    // Imported here, not at the top: this file's loader is part of the shell's download.
    const { inboxQueryOptions } = await import("#web/features/conversations/inbox/api.ts");
    await queryClient.prefetchInfiniteQuery(inboxQueryOptions(company.id, deps));
  },
  head: () => ({ meta: [{ title: "Inbox · Foreman" }] }),
  component: InboxRoute,
});

function InboxRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const router = useRouter();
  const onFiltersChange = useCallback(
    (change: FiltersChange) => {
      // The search text applies after a pause: dropped if the user has clicked through meanwhile.
      if (!isLatestPath(router, "/inbox")) return;
      void navigate({ search: (prev) => ({ ...prev, ...change }) });
    },
    [navigate, router],
  );
  const onClose = useCallback(
    () => void navigate({ search: (prev) => ({ ...prev, sso_account_id: undefined, sso_conversation_id: undefined }) }),
    [navigate],
  );
  return <InboxPage search={search} onFiltersChange={onFiltersChange} onClose={onClose} />;
}
