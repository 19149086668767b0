import { Link } from "@tanstack/react-router";
import { ArrowLeft, MessageSquareOff } from "lucide-react";
import { NotFoundScreen } from "#web/components/feedback/not-found-screen.tsx";

/** A conversation that does not exist or is another company's (the API answers the same 404). */
export function ConversationNotFound({ embed = false }: { embed?: boolean }) {
  return (
    <NotFoundScreen
      icon={MessageSquareOff}
      title="Conversation not found"
      description="The conversation you are looking for doesn't exist or you don't have permission to view it."
      // Inside the inbox's frame there is nowhere to go back to.
      action={
        embed ? undefined : (
          <Link to="/conversations">
            <ArrowLeft aria-hidden />
            Back to conversations
          </Link>
        )
      }
    />
  );
}
