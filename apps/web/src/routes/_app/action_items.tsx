import { parseActionItemsSearch, type TaskState } from "@foreman/contract";
import { createFileRoute } from "@tanstack/react-router";
import { PendingView } from "#web/components/feedback/pending-view.tsx";
import { ApprovalSetting } from "#web/features/companies/components/approval-setting.tsx";
import { useCanApprove } from "#web/features/companies/use-can-manage.ts";
import { ActionItemsPage } from "#web/features/tasks/action-items/components/action-items-page.tsx";
import { CompanyGate } from "#web/lib/company-id.tsx";

export const Route = createFileRoute("/_app/action_items")({
  // The to-do list by default; `?state=done` is the Done tab. No loader: this file is part of the shell's
  // download, so the page starts its own call (hovering a link still preloads the page's code).
  validateSearch: parseActionItemsSearch,
  head: () => ({ meta: [{ title: "Action items · Foreman" }] }),
  pendingComponent: () => <PendingView text="Loading action items..." />,
  component: ActionItemsRoute,
});

function ActionItemsRoute() {
  const state = Route.useSearch().state ?? "to_do";
  return (
    <CompanyGate fallback={<ActionItemsPage state={state} />}>
      <ActionItemsForCompany state={state} />
    </CompanyGate>
  );
}

// Who may authorize comes from the user's membership of the selected company.
function ActionItemsForCompany({ state }: { state: TaskState }) {
  const canApprove = useCanApprove();
  return <ActionItemsPage state={state} canApprove={canApprove} approvalSetting={<ApprovalSetting />} />;
}
