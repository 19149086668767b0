import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { exactDateTime, relativeTime } from "#web/lib/relative-time.ts";
import { cn } from "#web/lib/utils.ts";
import { conversationMessagesQueryOptions, PREVIEW_MESSAGES } from "../api.ts";

const SENDER_LABELS = { customer: "Client", ai: "AI", staff: "Staff" } as const;

/** The conversation's last messages, oldest to newest, with a link to the whole thread. */
export function TicketMessages({ conversationId, displayId }: { conversationId: string; displayId: number }) {
  const companyId = useCompanyId();
  const query = useQuery(conversationMessagesQueryOptions(companyId, conversationId));
  return (
    <section aria-labelledby="ticket-messages-heading" className="space-y-3" data-testid="ticket-messages">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id="ticket-messages-heading" className="font-medium text-sm">
          Last messages
        </h3>
        <Link
          to="/conversations/$conversationId"
          params={{ conversationId }}
          className="text-primary text-xs underline-offset-4 hover:underline"
        >
          Open conversation #{displayId}
        </Link>
      </div>
      {query.error && !query.data ? (
        <QueryError
          title="Couldn't load the messages"
          error={query.error}
          onRetry={() => void query.refetch()}
          size="sm"
        />
      ) : !query.data ? (
        <div className="space-y-2" role="status">
          <span className="sr-only">Loading the messages…</span>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-4/5" />
        </div>
      ) : query.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">No messages yet.</p>
      ) : (
        <ol className="space-y-2" aria-label={`The last ${PREVIEW_MESSAGES} messages`}>
          {query.data.map((message) => (
            <li
              key={message.id}
              className={cn(
                "rounded-lg border p-3 text-sm",
                message.senderType === "customer" ? "bg-card" : "border-primary/15 bg-primary/5",
              )}
            >
              <div className="mb-1 flex items-baseline justify-between gap-3 text-xs">
                <span className="truncate font-medium">
                  {message.senderName}
                  <span className="font-normal text-muted-foreground"> · {SENDER_LABELS[message.senderType]}</span>
                </span>
                {message.createdAt ? (
                  <time
                    dateTime={message.createdAt}
                    title={exactDateTime(message.createdAt)}
                    className="shrink-0 text-muted-foreground"
                  >
                    {relativeTime(message.createdAt)}
                  </time>
                ) : null}
              </div>
              <p className="line-clamp-4 whitespace-pre-wrap break-words">
                {message.content || (message.attachments.length > 0 ? "Attachment" : "")}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
