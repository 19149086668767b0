import { parseActionItemsSearch } from "@foreman/contract";
import { createFileRoute } from "@tanstack/react-router";
import { PendingView } from "#web/components/feedback/pending-view.tsx";
import { ActionItemsPage } from "#web/features/tasks/action-items/components/action-items-page.tsx";

export const Route = createFileRoute("/_app/action_items")({
  // The to-do list by default; `?state=done` is the Done tab. No loader: this file is part of the shell's
  // download, so the page starts its own call (hovering a link still preloads the page's code).
  validateSearch: parseActionItemsSearch,
  head: () => ({ meta: [{ title: "Action items · Foreman" }] }),
  pendingComponent: () => <PendingView text="Loading action items..." />,
  component: ActionItemsRoute,
});

function ActionItemsRoute() {
  const { state } = Route.useSearch();
  return <ActionItemsPage state={state ?? "to_do"} />;
}
