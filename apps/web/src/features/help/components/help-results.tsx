import type { HelpSearchResult } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { ChevronRight } from "lucide-react";
import type { KeyboardEvent, Ref } from "react";
import { Badge } from "#web/components/ui/badge.tsx";
import { HighlightedSnippet } from "./highlighted-snippet.tsx";

type HelpResultsProps = {
  id: string;
  results: HelpSearchResult[];
  /** ↑ from the first result: back to the search box. */
  onLeaveTop: () => void;
  ref?: Ref<HTMLOListElement>;
};

/** Moves focus between the results' links with ↓ and ↑ (Enter opens the one in focus, as any link). */
function moveFocus(event: KeyboardEvent<HTMLOListElement>, onLeaveTop: () => void) {
  if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>("a[data-result]")];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (at === -1) return;
  event.preventDefault();
  if (event.key === "ArrowUp" && at === 0) onLeaveTop();
  else links[Math.min(links.length - 1, Math.max(0, at + (event.key === "ArrowDown" ? 1 : -1)))]?.focus();
}

/** The matches, best first: each article's title, section and the words found in it. */
export function HelpResults({ id, results, onLeaveTop, ref }: HelpResultsProps) {
  return (
    <ol
      id={id}
      ref={ref}
      aria-label="Search results"
      className="grid gap-2"
      onKeyDown={(e) => moveFocus(e, onLeaveTop)}
    >
      {results.map((result) => (
        <li key={result.slug}>
          <Link
            to="/help/$slug"
            params={{ slug: result.slug }}
            data-result
            className="group flex items-start gap-3 rounded-xl border bg-card p-4 shadow-xs outline-none transition-colors hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <div className="min-w-0 flex-1 space-y-1.5">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium text-foreground group-hover:underline">{result.title}</span>
                <Badge variant="secondary" className="font-normal">
                  {result.section}
                </Badge>
              </div>
              <p className="line-clamp-4 text-muted-foreground text-sm leading-relaxed">
                <HighlightedSnippet snippet={result.snippet} highlights={result.highlights} />
              </p>
            </div>
            <ChevronRight aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          </Link>
        </li>
      ))}
    </ol>
  );
}
