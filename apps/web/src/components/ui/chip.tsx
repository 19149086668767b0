import { type ReactNode, useId } from "react";
import { cn } from "#web/lib/utils.ts";

// Filter chips: pill-shaped choices above a list. A list's main filter is a row of links, the current
// one solid (`ChipNav`); finer facets are smaller toggle buttons, the chosen one tinted (`ChipGroup`).

const base =
  "inline-flex shrink-0 items-center rounded-full border font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring";
const idle = "bg-background text-muted-foreground hover:bg-accent hover:text-accent-foreground dark:bg-input/20";
const LOOKS = {
  filter: { shape: "h-8 px-3 text-[0.8125rem]", selected: "border-primary bg-primary text-primary-foreground" },
  facet: {
    shape: "h-7 gap-1.5 px-2.5 text-xs focus-visible:ring-offset-1 focus-visible:ring-offset-background",
    selected: "border-primary/50 bg-primary/10 text-primary dark:bg-primary/15",
  },
} as const;

export type ChipLook = keyof typeof LOOKS;

/** A chip's classes: its look, and whether it is the chosen one. */
export function chipClass(selected: boolean, look: ChipLook = "filter"): string {
  return cn(base, LOOKS[look].shape, selected ? LOOKS[look].selected : idle);
}

type ChipLinkProps = { className: string; "aria-current": "page" | undefined; children: ReactNode };

type ChipNavProps<T> = {
  /** Names the navigation ("Filter by state"). */
  label: string;
  options: readonly { value: T; label: string }[];
  current: T;
  /** The router link of one option, given its chip's props: each screen writes its own (links are typed by route). */
  link: (value: T, props: ChipLinkProps) => ReactNode;
  className?: string;
};

/** A list's filter as a row of links (so it survives reloads and sharing); the current one is marked. */
export function ChipNav<T>({ label, options, current, link, className }: ChipNavProps<T>) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex gap-2">
        {options.map((option) => {
          const selected = option.value === current;
          return (
            <li key={option.label}>
              {link(option.value, {
                className: chipClass(selected),
                "aria-current": selected ? "page" : undefined,
                children: option.label,
              })}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export type ChipOption<T extends string> = { value: T; label: string; icon?: ReactNode };

type ChipGroupProps<T extends string> = {
  label: string;
  value: T | undefined;
  options: ChipOption<T>[];
  onSelect: (value: T | undefined) => void;
};

/** One facet as toggle chips: "All" plus each value; choosing the chosen one again goes back to all. */
export function ChipGroup<T extends string>({ label, value, options, onSelect }: ChipGroupProps<T>) {
  const labelId = useId();
  return (
    <div className="flex items-start gap-2">
      <span id={labelId} className="w-14 shrink-0 pt-1.5 text-muted-foreground text-xs">
        {label}
      </span>
      <fieldset aria-labelledby={labelId} className="m-0 flex min-w-0 flex-wrap gap-1.5 border-0 p-0">
        <button
          type="button"
          aria-pressed={value === undefined}
          onClick={() => onSelect(undefined)}
          className={chipClass(value === undefined, "facet")}
        >
          All
        </button>
        {options.map((option) => {
          const selected = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(selected ? undefined : option.value)}
              className={chipClass(selected, "facet")}
              data-value={option.value}
            >
              {option.icon}
              {option.label}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}
