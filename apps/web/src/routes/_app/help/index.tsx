import { parseHelpSearch } from "@foreman/contract";
import { createFileRoute } from "@tanstack/react-router";
import { helpCentreQueryOptions } from "#web/features/help/api.ts";
import { HelpLoading } from "#web/features/help/components/help-loading.tsx";
import { HelpPage } from "#web/features/help/components/help-page.tsx";

export const Route = createFileRoute("/_app/help/")({
  // The search in the address, so a search is a link (plain rules: they load with the shell).
  validateSearch: parseHelpSearch,
  // The loader travels in the screen's own chunk, so nothing of the help centre weighs on the shell;
  // hovering a link to it (intent preloading) still starts the call early.
  codeSplitGroupings: [["loader", "component"], ["pendingComponent"]],
  // Starts the sections early; the screen shows a failure itself.
  loader: ({ context: { queryClient } }) => queryClient.prefetchQuery(helpCentreQueryOptions()),
  head: () => ({ meta: [{ title: "Help centre · Foreman" }] }),
  pendingComponent: HelpLoading,
  component: HelpRoute,
});

function HelpRoute() {
  const { q } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <HelpPage
      query={q ?? ""}
      // Typing replaces the entry: Back leaves the help centre rather than undoing a letter.
      onQueryChange={(next) => void navigate({ search: next ? { q: next } : {}, replace: true })}
    />
  );
}
