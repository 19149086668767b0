import { Link } from "@tanstack/react-router";
import { ArrowLeft, MessageSquareOff } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";

/** A conversation that does not exist or is another company's (the API answers the same 404). */
export function ConversationNotFound({ embed = false }: { embed?: boolean }) {
  return (
    <div className="flex min-h-[60svh] w-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-md text-center">
        <div className="mx-auto mb-5 flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <MessageSquareOff className="size-5" aria-hidden />
        </div>
        <h1 className="font-semibold text-xl tracking-tight">Conversation not found</h1>
        <p className="mt-2 text-muted-foreground">
          The conversation you are looking for doesn&apos;t exist or you don&apos;t have permission to view it.
        </p>
        {embed ? null : (
          <Button asChild className="mt-6">
            <Link to="/conversations">
              <ArrowLeft aria-hidden />
              Back to conversations
            </Link>
          </Button>
        )}
      </div>
    </div>
  );
}
