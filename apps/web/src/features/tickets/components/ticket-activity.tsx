import type { TicketActivity as Activity } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { exactDateTime } from "#web/lib/relative-time.ts";
import { cn } from "#web/lib/utils.ts";
import { ticketActivitiesQueryOptions } from "../api.ts";

/** Every change, reply and note on the ticket, oldest first: when, who, what, and the text written. */
export function TicketActivityLog({ ticketId }: { ticketId: string }) {
  const companyId = useCompanyId();
  const query = useQuery(ticketActivitiesQueryOptions(companyId, ticketId));
  return (
    <section aria-labelledby="ticket-activity-heading" className="space-y-3" data-testid="ticket-activity">
      <h3 id="ticket-activity-heading" className="font-medium text-sm">
        Activity
      </h3>
      {query.error && !query.data ? (
        <QueryError
          title="Couldn't load the activity"
          error={query.error}
          onRetry={() => void query.refetch()}
          size="sm"
        />
      ) : !query.data ? (
        <div className="space-y-2" role="status">
          <span className="sr-only">Loading the activity…</span>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : query.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nothing recorded yet.</p>
      ) : (
        <ol className="relative space-y-4 border-l pl-4">
          {query.data.map((entry) => (
            <ActivityEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ActivityEntry({ entry }: { entry: Activity }) {
  const internal = entry.visibility === "internal";
  return (
    <li className="relative text-sm" data-testid="ticket-activity-entry" data-kind={entry.kind}>
      <span aria-hidden className="-left-[1.3rem] absolute top-1.5 size-2 rounded-full bg-muted-foreground/40" />
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <span className="font-medium">{entry.actor.name}</span>
        <span>{entry.summary}</span>
        {entry.visibility ? (
          <Badge variant={internal ? "warning" : "info"}>{internal ? "Internal note" : "Sent to the client"}</Badge>
        ) : null}
      </div>
      <p className="text-muted-foreground text-xs">
        <time dateTime={entry.createdAt}>{exactDateTime(entry.createdAt)}</time>
        {entry.callNumber ? <> · Call {entry.callNumber}</> : null}
      </p>
      {entry.body ? (
        <p
          className={cn(
            "mt-1.5 whitespace-pre-wrap break-words rounded-lg border p-2.5",
            internal ? "border-warning/30 bg-warning/10" : "bg-card",
          )}
        >
          {entry.body}
        </p>
      ) : null}
    </li>
  );
}
