import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "#web/components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/training")({
  head: () => ({ meta: [{ title: "Training centre · Foreman" }] }),
  component: TrainingCentrePage,
});

function TrainingCentrePage() {
  return (
    <NotBuiltYet
      title="Training centre"
      description="The knowledge base, active skills and integrations your AI employees learn from. A later part of the product will fill this screen."
    />
  );
}
