import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Input } from "#web/components/ui/input.tsx";

/** Typing waits this long before the address (and the list) follow, so each key stays quick. */
export const SEARCH_PAUSE_MS = 250;

type TicketSearchBoxProps = {
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
};

/**
 * The desk's search, held in the address: its own text at once, the address after a pause; it follows
 * the address when that changes elsewhere (back/forward, Clear filters). The same behaviour as
 * components/search/address-search-box.tsx, kept here because importing that module from the desk cuts
 * the chunk it shares with the training and AI employees screens in two, and the new chunk's name joins
 * the preload table of the signed-in shell, which has no bytes left.
 */
export function TicketSearchBox({ value, onSearch }: TicketSearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value ?? "");
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    setText((current) => (current.trim() === (value ?? "") ? current : (value ?? "")));
  }, [value]);

  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === value) return;
    const timer = setTimeout(() => onSearchRef.current(next), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <div className="grid w-full gap-1 sm:w-72">
      <label htmlFor={id} className="font-medium text-muted-foreground text-xs">
        Search tickets
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
        <Input
          id={id}
          type="search"
          placeholder="Subject, client or T-1042"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="pl-8"
        />
      </div>
    </div>
  );
}
