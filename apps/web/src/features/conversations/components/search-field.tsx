import { CONVERSATION_SEARCH_MAX_LENGTH } from "@foreman/contract";
import { Search, X } from "lucide-react";
import { Input } from "#web/components/ui/input.tsx";
import { useSearchText } from "#web/lib/use-search-text.ts";

/** How long typing must pause before the search applies. */
export const SEARCH_DEBOUNCE_MS = 300;

type SearchFieldProps = {
  value: string;
  onSearch: (q: string) => void;
  /** What the box searches, for screen readers (the conversations' search by default). */
  label?: string;
  placeholder?: string;
};

/**
 * The search box keeps what is typed and reports it once typing pauses (or at once on Enter). When the
 * address changes underneath (back, a cleared filter), it shows the address's value again.
 */
export function SearchField({
  value,
  onSearch,
  label = "Search conversations",
  placeholder = "Search name, company, need",
}: SearchFieldProps) {
  const search = useSearchText(value, onSearch, SEARCH_DEBOUNCE_MS);

  return (
    <div className="relative min-w-0 flex-1">
      <Search
        aria-hidden
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
      />
      <Input
        type="search"
        value={search.text}
        maxLength={CONVERSATION_SEARCH_MAX_LENGTH}
        onChange={(event) => search.type(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") search.report();
        }}
        placeholder={placeholder}
        aria-label={label}
        className="pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden"
      />
      {search.text ? (
        <button
          type="button"
          onClick={search.clear}
          className="-translate-y-1/2 absolute top-1/2 right-1.5 rounded p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Clear search"
        >
          <X aria-hidden className="size-3.5" />
        </button>
      ) : null}
    </div>
  );
}
