import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "../../components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/action_items")({
  head: () => ({ meta: [{ title: "Action items · Foreman" }] }),
  component: ActionItemsPage,
});

function ActionItemsPage() {
  return (
    <NotBuiltYet
      title="Action items"
      description="Questions your AI employees need answered and actions they need you to authorize, with the time left for each. This feature is coming soon."
      issue={4}
    />
  );
}
