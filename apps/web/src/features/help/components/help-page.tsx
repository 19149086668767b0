import type { HelpSearch } from "@foreman/contract";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { SearchX } from "lucide-react";
import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { helpCentreQueryOptions, helpSearchQueryOptions } from "../api.ts";
import { ContactCard } from "./contact-card.tsx";
import { HelpResults } from "./help-results.tsx";
import { HelpSearchField } from "./help-search-field.tsx";
import { HelpSections } from "./help-sections.tsx";
import { ShortcutsCard } from "./shortcuts-card.tsx";

type HelpPageProps = {
  /** The search in the address (`/help?q=…`), so a search is a link. */
  query: string;
  onQueryChange: (q: string) => void;
};

/**
 * /help: the search box, then the matches as you type or every article by section; beside them the
 * keyboard shortcuts and, when the server has a support address, the contact form; the version below.
 */
export function HelpPage({ query, onQueryChange }: HelpPageProps) {
  const centre = useQuery(helpCentreQueryOptions());
  const search = useQuery(helpSearchQueryOptions(query));
  const navigate = useNavigate();
  const resultsId = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  // Enter in the box opens the first result of that search, once it has answered.
  const [openFirst, setOpenFirst] = useState<string | null>(null);

  useEffect(() => {
    if (openFirst === null || search.isPlaceholderData) return;
    if (search.isError) return setOpenFirst(null);
    if (search.data?.query !== openFirst) return;
    setOpenFirst(null);
    const first = search.data.results[0];
    if (first) void navigate({ to: "/help/$slug", params: { slug: first.slug } });
  }, [openFirst, search.data, search.isError, search.isPlaceholderData, navigate]);

  const searching = query.length > 0;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <PageHeader title="Help centre" description="Guides to every part of Foreman, searched as you type." />
      <HelpSearchField
        ref={input}
        className="max-w-2xl"
        value={query}
        onSearch={onQueryChange}
        onOpenFirst={setOpenFirst}
        onArrowDown={() => list.current?.querySelector<HTMLAnchorElement>("a[data-result]")?.focus()}
        controls={searching ? resultsId : undefined}
        autoFocus
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label={searching ? "Search results" : "Articles"} className="min-w-0 space-y-3">
          {searching ? (
            <SearchResults
              query={query}
              search={search}
              resultsId={resultsId}
              list={list}
              onLeaveTop={() => input.current?.focus()}
              onClear={() => {
                onQueryChange("");
                input.current?.focus();
              }}
            />
          ) : centre.data ? (
            <HelpSections sections={centre.data.sections} />
          ) : centre.isError ? (
            <QueryError
              title="Couldn't load the help centre"
              error={centre.error}
              onRetry={() => void centre.refetch()}
            />
          ) : (
            <SectionsSkeleton />
          )}
        </section>
        <aside className="grid gap-6" aria-label="More help">
          <ShortcutsCard />
          {centre.data?.contactAvailable ? <ContactCard /> : null}
        </aside>
      </div>
      <footer className="border-t pt-4 text-muted-foreground text-sm">
        {centre.data ? `Foreman ${centre.data.version}` : "Foreman"}
      </footer>
    </div>
  );
}

type SearchResultsProps = {
  query: string;
  search: UseQueryResult<HelpSearch>;
  resultsId: string;
  list: RefObject<HTMLOListElement | null>;
  onLeaveTop: () => void;
  onClear: () => void;
};

function SearchResults({ query, search, resultsId, list, onLeaveTop, onClear }: SearchResultsProps) {
  if (search.isError && !search.data)
    return (
      <QueryError title="Couldn't search the help centre" error={search.error} onRetry={() => void search.refetch()} />
    );
  const data = search.data;
  const count = data?.results.length ?? 0;
  const stale = search.isPlaceholderData || search.isFetching;
  return (
    <>
      <p role="status" className="text-muted-foreground text-sm">
        {!data
          ? "Searching…"
          : count === 0 && !stale
            ? `No articles match “${query}”`
            : `${count} ${count === 1 ? "article" : "articles"} for “${data.query}”${stale ? " · searching…" : ""}`}
      </p>
      {!data ? (
        <ResultsSkeleton />
      ) : count === 0 && !stale ? (
        <EmptyState
          icon={SearchX}
          title="Nothing found"
          description="Try fewer or other words, or browse every article by section."
          action={
            <Button variant="outline" onClick={onClear}>
              Browse all articles
            </Button>
          }
        />
      ) : (
        <HelpResults id={resultsId} ref={list} results={data.results} onLeaveTop={onLeaveTop} />
      )}
    </>
  );
}

function SectionsSkeleton() {
  return (
    <div role="status" aria-label="Loading the help centre" className="grid gap-4 md:grid-cols-2">
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} className="h-56 w-full rounded-xl" />
      ))}
    </div>
  );
}

function ResultsSkeleton() {
  return (
    <div aria-hidden className="grid gap-2">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-24 w-full rounded-xl" />
      ))}
    </div>
  );
}
