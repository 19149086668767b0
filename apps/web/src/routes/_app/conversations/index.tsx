import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "../../../components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/conversations/")({
  head: () => ({ meta: [{ title: "Conversations · Foreman" }] }),
  component: ConversationsPage,
});

function ConversationsPage() {
  return (
    <NotBuiltYet
      title="Conversations"
      description="Every conversation your AI employees have had with customers, searchable by stage, channel and date. The conversations work will fill this screen."
      issue={4}
    />
  );
}
