import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "../../components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/assistant")({
  head: () => ({ meta: [{ title: "Assistant · Foreman" }] }),
  component: AssistantPage,
});

function AssistantPage() {
  return (
    <NotBuiltYet
      title="Assistant"
      description="Threads where an AI employee needs a human answer, with the conversation and the customer beside them. The conversations work will fill this screen."
      issue={4}
    />
  );
}
