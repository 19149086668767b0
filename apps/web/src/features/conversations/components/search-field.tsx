import { CONVERSATION_SEARCH_MAX_LENGTH } from "@foreman/contract";
import { Search, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Input } from "#web/components/ui/input.tsx";

/** How long typing must pause before the search applies. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box keeps what is typed and reports it once typing pauses (or at once on Enter). When the
 * address changes underneath (back, a cleared filter), it shows the address's value again.
 */
export function SearchField({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const reported = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function report(next: string) {
    clearTimeout(timer.current);
    const q = next.trim();
    if (q === reported.current) return;
    reported.current = q;
    onSearch(q);
  }

  return (
    <div className="relative min-w-0 flex-1">
      <Search
        aria-hidden
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
      />
      <Input
        type="search"
        value={text}
        maxLength={CONVERSATION_SEARCH_MAX_LENGTH}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => report(next), SEARCH_DEBOUNCE_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") report(text);
        }}
        placeholder="Search name, company, need"
        aria-label="Search conversations"
        className="pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden"
      />
      {text ? (
        <button
          type="button"
          onClick={() => {
            setText("");
            report("");
          }}
          className="-translate-y-1/2 absolute top-1/2 right-1.5 rounded p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Clear search"
        >
          <X aria-hidden className="size-3.5" />
        </button>
      ) : null}
    </div>
  );
}
