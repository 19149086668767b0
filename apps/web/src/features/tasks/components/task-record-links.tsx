import type { Task } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { FileText, MessagesSquare } from "lucide-react";
import { cn } from "#web/lib/utils.ts";

// The records an action item concerns ("the record it concerns, linked"): its customer
// conversation, and the quote (shown on the orders screen) when it is about one.

const linkClass =
  "inline-flex max-w-full items-center gap-1.5 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background [&>svg]:size-3.5 [&>svg]:shrink-0";

export function ConversationLink({ task, className }: { task: Task; className?: string }) {
  const { conversation } = task;
  return (
    <Link
      to="/conversations/$conversationId"
      params={{ conversationId: conversation.id }}
      className={cn(linkClass, className)}
      data-testid="task-conversation-link"
    >
      <MessagesSquare aria-hidden />
      <span className="truncate">
        {conversation.displayId > 0 ? `Conversation #${conversation.displayId}` : "Conversation"}
      </span>
    </Link>
  );
}

export function QuoteLink({ task, className }: { task: Task; className?: string }) {
  const quoteId = task.quote?.id ?? (task.assignable.type === "Quote" ? task.assignable.id : null);
  if (!quoteId) return null;
  return (
    <Link
      to="/orders/$orderId"
      params={{ orderId: quoteId }}
      className={cn(linkClass, className)}
      data-testid="task-quote-link"
    >
      <FileText aria-hidden />
      <span className="truncate">{task.quote ? `Quote #${task.quote.number}` : "Quote"}</span>
    </Link>
  );
}

/** The record first (the quote when it is about one), then the conversation. */
export function TaskRecordLinks({ task, className }: { task: Task; className?: string }) {
  return (
    <span className={cn("flex flex-wrap items-center gap-x-4 gap-y-1", className)}>
      <QuoteLink task={task} />
      <ConversationLink task={task} />
    </span>
  );
}
