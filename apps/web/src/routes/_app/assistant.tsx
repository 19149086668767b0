import { type AssistantSearch, parseAssistantSearch } from "@foreman/contract";
import { createFileRoute } from "@tanstack/react-router";
import { useCanApprove } from "#web/features/companies/use-can-manage.ts";
import { AssistantLoading } from "#web/features/tasks/assistant/components/assistant-loading.tsx";
import { AssistantPage } from "#web/features/tasks/assistant/components/assistant-page.tsx";
import { CompanyGate } from "#web/lib/company-id.tsx";

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
  return (
    <CompanyGate fallback={<AssistantPage search={search} />}>
      <AssistantForCompany search={search} />
    </CompanyGate>
  );
}

// Who may answer an authorization thread comes from the user's membership of the selected company.
function AssistantForCompany({ search }: { search: AssistantSearch }) {
  return <AssistantPage search={search} canApprove={useCanApprove()} />;
}
