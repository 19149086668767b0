import { CHANNEL_LABELS, DEFAULT_SENDER_NAMES, type MessageSearchHit } from "@foreman/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { MessageSquareText, SearchX } from "lucide-react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { activityLabel } from "../activity-date.ts";
import { messageSearchQueryOptions } from "../api.ts";
import { snippetParts } from "../snippet-parts.ts";
import { ChannelIcon } from "./channel-icon.tsx";
import { SearchField } from "./search-field.tsx";

// The conversations page's search in messages: a search box over every message's text, and the
// matching messages newest first, each with its customer, conversation, sender, time and a snippet
// with the matched words marked; each opens its conversation. More results load on request.

type MessageSearchProps = {
  q: string | undefined;
  onSearch: (q: string) => void;
  embed?: boolean;
};

export function MessageSearch({ q, onSearch, embed = false }: MessageSearchProps) {
  return (
    <div className="space-y-4">
      <SearchField
        value={q ?? ""}
        onSearch={onSearch}
        label="Search messages"
        placeholder="Search every message: words, “a phrase”, -word"
      />
      {q ? (
        <MessageSearchResults q={q} embed={embed} />
      ) : (
        <EmptyState
          icon={MessageSquareText}
          title="Search what customers and AI employees wrote"
          description="Type words to find every message that has them all; put a phrase in quotes, or -word to leave a word out."
        />
      )}
    </div>
  );
}

function MessageSearchResults({ q, embed }: { q: string; embed: boolean }) {
  const companyId = useCompanyId();
  const query = useInfiniteQuery(messageSearchQueryOptions(companyId, q));

  if (query.error && !query.data)
    return (
      <QueryError
        title="The messages could not be searched."
        error={query.error}
        onRetry={() => void query.refetch()}
        size="sm"
      />
    );
  if (!query.data) return <ResultsSkeleton />;
  const hits = query.data.pages.flatMap((page) => page.messages);
  if (hits.length === 0)
    return (
      <EmptyState
        icon={SearchX}
        title="No messages match"
        description={`No message has all of “${q}”. Words match whole, as written: try fewer words or another spelling.`}
      />
    );
  const now = new Date();
  return (
    <section aria-labelledby="message-search-heading" className="space-y-3">
      <h2 id="message-search-heading" className="font-medium text-muted-foreground text-sm">
        Messages matching “{q}”, newest first
      </h2>
      <ol className="divide-y rounded-xl border bg-card" data-testid="message-search-results">
        {hits.map((hit) => (
          <HitRow key={hit.id} hit={hit} now={now} embed={embed} />
        ))}
      </ol>
      {query.error ? (
        <p role="alert" className="text-destructive text-sm">
          More results could not be loaded.
        </p>
      ) : null}
      {query.hasNextPage ? (
        <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? "Loading more…" : "Show more results"}
        </Button>
      ) : null}
    </section>
  );
}

function HitRow({ hit, now, embed }: { hit: MessageSearchHit; now: Date; embed: boolean }) {
  const customer = hit.customer?.fullName ?? "Unknown customer";
  const sender = hit.senderName || DEFAULT_SENDER_NAMES[hit.senderType];
  return (
    <li className="relative flex gap-3 px-4 py-3 hover:bg-accent/50" data-testid="message-search-hit">
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full border bg-background">
        <ChannelIcon channel={hit.channel} labelled={false} />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-baseline gap-2">
          {/* The link covers the whole row (after:inset-0), so the row is one target. */}
          <Link
            to="/conversations/$conversationId"
            params={{ conversationId: hit.conversationId }}
            search={embed ? { embed: 1 as const } : {}}
            aria-label={`${customer}, conversation #${hit.displayId}`}
            className="truncate font-medium outline-none after:absolute after:inset-0 focus-visible:underline"
          >
            {customer}
          </Link>
          <span aria-hidden className="shrink-0 text-muted-foreground text-xs">
            #{hit.displayId}
          </span>
          <time dateTime={hit.createdAt} className="ml-auto shrink-0 text-muted-foreground text-xs">
            {activityLabel(hit.createdAt, now)}
          </time>
        </div>
        <p className="text-muted-foreground text-xs">
          {DEFAULT_SENDER_NAMES[hit.senderType]}
          {hit.senderType === "customer" ? "" : ` · ${sender}`} · {CHANNEL_LABELS[hit.channel]}
        </p>
        <p className="line-clamp-3 break-words text-sm">
          {snippetParts(hit.snippet).map((part, index) =>
            part.match ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move
              <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-foreground dark:bg-yellow-500/40">
                {part.text}
              </mark>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move
              <span key={index}>{part.text}</span>
            ),
          )}
        </p>
      </div>
    </li>
  );
}

function ResultsSkeleton() {
  return (
    <div className="space-y-2" role="status">
      <span className="sr-only">Searching messages…</span>
      {Array.from({ length: 5 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <Skeleton key={index} className="h-20 w-full rounded-lg" />
      ))}
    </div>
  );
}
