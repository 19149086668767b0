import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "../../../components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/conversations/$conversationId")({
  head: () => ({ meta: [{ title: "Conversation · Foreman" }] }),
  component: ConversationPage,
});

function ConversationPage() {
  return (
    <NotBuiltYet
      title="Conversation"
      description="The messages of one conversation, the lead and quote beside it, and a reply box for staff. The conversations work will fill this screen."
      issue={4}
    />
  );
}
