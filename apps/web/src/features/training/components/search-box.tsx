import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Input } from "#web/components/ui/input.tsx";

/** Typing waits this long before the address (and the list) follow, so each key stays quick. */
export const SEARCH_DEBOUNCE_MS = 250;

type SearchBoxProps = {
  label: string;
  placeholder: string;
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
};

/** A search box: its own text at once, the address after a pause; follows the address when it changes. */
export function SearchBox({ label, placeholder, value, onSearch }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value ?? "");
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  // Changed elsewhere (back/forward, Clear search): show what applies.
  useEffect(() => {
    setText((current) => (current.trim() === (value ?? "") ? current : (value ?? "")));
  }, [value]);

  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === value) return;
    const timer = setTimeout(() => onSearchRef.current(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <div className="grid w-full gap-1 sm:w-72">
      <label htmlFor={id} className="font-medium text-muted-foreground text-xs">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
        <Input
          id={id}
          type="search"
          placeholder={placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="pl-8"
        />
      </div>
    </div>
  );
}
