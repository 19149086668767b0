import { parseInboxSearch } from "@foreman/contract";
import { createFileRoute } from "@tanstack/react-router";
import { NotBuiltYet } from "../../components/feedback/not-built-yet.tsx";

export const Route = createFileRoute("/_app/inbox")({
  validateSearch: parseInboxSearch,
  head: () => ({ meta: [{ title: "Inbox · Foreman" }] }),
  component: InboxPage,
});

function InboxPage() {
  return (
    <NotBuiltYet
      title="Inbox"
      description="Recent conversations with a filter panel, their lead stage and channel, and the conversation itself. The conversations work will fill this screen."
      issue={4}
    />
  );
}
