import { ChevronsUpDown } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { Input } from "#web/components/ui/input.tsx";
import { cn } from "#web/lib/utils.ts";
import { filterTimeZones, type TimeZoneOption, timeZoneLabel, timeZoneOption, timeZoneOptions } from "../time-zones.ts";

type TimeZoneComboboxProps = {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

/**
 * A searchable list of IANA time zones (ARIA combobox with a listbox): type part of a city or an offset
 * ("santiago", "utc-3"), move with the arrow keys, Enter to choose, Escape to leave it as it was. Only a
 * zone from the list is ever chosen; what is typed is just the search.
 */
export function TimeZoneCombobox({ id, value, onChange, onBlur, disabled, ...aria }: TimeZoneComboboxProps) {
  const listId = useId();
  // The whole list (about 420 zones, each with its offset now: some 60 ms on a phone) is made when the
  // field is first used, not when the page draws it.
  const [listed, setListed] = useState(false);
  const options = useMemo(() => (listed ? timeZoneOptions(new Date(), value) : []), [listed, value]);
  const [open, setOpen] = useState(false);
  // What is typed while searching; null shows the chosen zone.
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => filterTimeZones(options, query ?? ""), [options, query]);
  const chosen = useMemo(() => chosenOption(value), [value]);

  // The active option stays in view while the arrows move through a long list.
  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: "nearest" });
  }, [open, active]);

  function openAt(index: number) {
    setOpen(true);
    setActive(Math.max(0, Math.min(index, shown.length - 1)));
  }

  function choose(zone: string) {
    onChange(zone);
    setQuery(null);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const current = shown.findIndex((option) => option.zone === value);
      if (!open) openAt(Math.max(current, 0));
      else setActive((index) => Math.max(0, Math.min(index + (event.key === "ArrowDown" ? 1 : -1), shown.length - 1)));
    } else if (event.key === "Enter" && open) {
      // Enter chooses; it must not submit the form around it.
      event.preventDefault();
      const option = shown[active];
      if (option) choose(option.zone);
    } else if (event.key === "Escape" && (open || query !== null)) {
      event.preventDefault();
      setQuery(null);
      setOpen(false);
    }
  }

  const activeOption = open ? shown[active] : undefined;
  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        value={query ?? (chosen ? `${chosen.label} (${chosen.offset})` : timeZoneLabel(value))}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(0);
        }}
        onClick={() => {
          if (!open)
            openAt(
              Math.max(
                0,
                shown.findIndex((option) => option.zone === value),
              ),
            );
        }}
        onFocus={(event) => {
          setListed(true);
          event.target.select();
        }}
        onPointerEnter={() => setListed(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setQuery(null);
          setOpen(false);
          onBlur?.();
        }}
        className="pr-9"
        {...aria}
      />
      <ChevronsUpDown
        aria-hidden
        className="pointer-events-none absolute top-2.5 right-3 size-4 text-muted-foreground"
      />
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Time zones"
        hidden={!open || shown.length === 0}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
      >
        {(open ? shown : []).map((option, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses from the input (arrows and Enter), as a combobox does
          <div
            key={option.zone}
            id={`${listId}-${index}`}
            data-index={index}
            role="option"
            aria-label={`${option.label} (${option.offset})`}
            tabIndex={-1}
            aria-selected={option.zone === value}
            // Keeps the focus in the input, so choosing does not blur (and close) first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option.zone)}
            onMouseMove={() => setActive(index)}
            className={cn(
              "flex cursor-default items-center justify-between gap-3 rounded-sm px-2 py-1.5 text-sm",
              index === active && "bg-accent text-accent-foreground",
              option.zone === value && "font-medium",
            )}
          >
            <span className="truncate">{option.label}</span>
            <span className="shrink-0 text-muted-foreground text-xs tabular-nums">{option.offset}</span>
          </div>
        ))}
      </div>
      {open && shown.length === 0 ? (
        <p className="absolute z-20 mt-1 w-full rounded-md border bg-popover p-3 text-muted-foreground text-sm shadow-md">
          No time zone matches “{query}”.
        </p>
      ) : null}
    </div>
  );
}

/** The chosen zone's option; none for a name the browser does not know (shown as it is). */
function chosenOption(zone: string): TimeZoneOption | undefined {
  try {
    return timeZoneOption(zone);
  } catch {
    return undefined;
  }
}
