import { HELP_QUERY_MAX } from "@foreman/contract";
import { Search, X } from "lucide-react";
import type { Ref } from "react";
import { Input } from "#web/components/ui/input.tsx";
import { useSearchText } from "#web/lib/use-search-text.ts";
import { cn } from "#web/lib/utils.ts";

/** How long typing must pause before the search runs: quick enough to feel live, not a call per key. */
export const HELP_SEARCH_DEBOUNCE_MS = 200;

type HelpSearchFieldProps = {
  /** The search in the address. */
  value: string;
  /** The search once typing pauses (trimmed; "" when cleared). */
  onSearch: (q: string) => void;
  /** Enter: search now and open the first result. */
  onOpenFirst?: (q: string) => void;
  /** ↓: move into the results. */
  onArrowDown?: () => void;
  /** The results list it drives, for assistive technology. */
  controls?: string;
  className?: string;
  autoFocus?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/**
 * The help centre's search box: reports what is typed once typing pauses; when the address changes
 * underneath (back, a link), it shows the address's value again.
 */
export function HelpSearchField({
  value,
  onSearch,
  onOpenFirst,
  onArrowDown,
  controls,
  className,
  autoFocus,
  ref,
}: HelpSearchFieldProps) {
  const search = useSearchText(value, onSearch, HELP_SEARCH_DEBOUNCE_MS);

  return (
    <div className={cn("relative min-w-0", className)}>
      <Search
        aria-hidden
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
      />
      <Input
        ref={ref}
        type="search"
        value={search.text}
        maxLength={HELP_QUERY_MAX}
        autoFocus={autoFocus}
        onChange={(event) => search.type(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.nativeEvent.isComposing) {
            event.preventDefault();
            search.report();
            if (search.text.trim()) onOpenFirst?.(search.text.trim());
          } else if (event.key === "ArrowDown" && onArrowDown) {
            event.preventDefault();
            onArrowDown();
          } else if (event.key === "Escape" && search.text) {
            event.preventDefault();
            search.clear();
          }
        }}
        placeholder="Search the help centre"
        aria-label="Search the help centre"
        aria-controls={controls}
        autoComplete="off"
        className="h-11 pr-10 pl-9 text-base [&::-webkit-search-cancel-button]:hidden"
      />
      {search.text ? (
        <button
          type="button"
          onClick={search.clear}
          className="-translate-y-1/2 absolute top-1/2 right-2 rounded p-1.5 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Clear search"
        >
          <X aria-hidden className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
