import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Input } from "#web/components/ui/input.tsx";
import { cn } from "#web/lib/utils.ts";

/** Typing waits this long before the address (and the list) follow, so each key stays quick. */
export const ADDRESS_SEARCH_DEBOUNCE_MS = 250;

type SearchBoxProps = {
  label: string;
  placeholder: string;
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
  /** Its width from the small breakpoint up (full width on phones). */
  className?: string;
};

/**
 * A list's search box whose query lives in the address: its own text at once, the address after a
 * pause; follows the address when it changes elsewhere (back/forward, Clear filters).
 */
export function AddressSearchBox({ label, placeholder, value, onSearch, className = "sm:w-72" }: SearchBoxProps) {
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
    const timer = setTimeout(() => onSearchRef.current(next), ADDRESS_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <div className={cn("grid w-full gap-1", className)}>
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
