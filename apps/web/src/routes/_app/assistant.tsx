import { parseAssistantSearch } from "@foreman/contract";
import { createFileRoute } from "@tanstack/react-router";
import { AssistantLoading } from "#web/features/tasks/assistant/components/assistant-loading.tsx";
import { AssistantPage } from "#web/features/tasks/assistant/components/assistant-page.tsx";

export const Route = createFileRoute("/_app/assistant")({
  // The selected thread (`?thread=<task id>`) and, on narrow screens, its info panel (`&panel=info`). No
  // loader, to keep the shell's download small: the page says 'Loading assistant...' while the threads load.
  validateSearch: parseAssistantSearch,
  head: () => ({ meta: [{ title: "Assistant · Foreman" }] }),
  pendingComponent: AssistantLoading,
  component: AssistantRoute,
});

function AssistantRoute() {
  const search = Route.useSearch();
  return <AssistantPage search={search} />;
}
