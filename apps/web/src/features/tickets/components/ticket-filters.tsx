import {
  type SupportSearch,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_SOURCE_LABELS,
  TICKET_SOURCES,
  TICKET_TYPE_LABELS,
  TICKET_TYPES,
} from "@foreman/contract";
import { ListFilter, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { ChipGroup } from "#web/components/ui/chip.tsx";
import { cn } from "#web/lib/utils.ts";
import { CLEARED_FILTERS, type DeskPatch, hasTicketFilters } from "../desk-search.ts";

type TicketFiltersProps = {
  search: SupportSearch;
  /** The tags on the page shown, offered as chips beside the one chosen. */
  tags: readonly string[];
  onSearch: (patch: DeskPatch) => void;
};

/**
 * The priority, type, source and tag chips. On phones they fold behind a "Filters" button (saying how
 * many are chosen); "Clear filters" appears once anything narrows the list.
 */
export function TicketFilters({ search, tags, onSearch }: TicketFiltersProps) {
  const [open, setOpen] = useState(false);
  const chipsId = useId();
  const chosen = [search.priority, search.type, search.source, search.tag].filter(Boolean).length;
  const tagChoices = search.tag && !tags.includes(search.tag) ? [search.tag, ...tags] : tags;
  const anything = hasTicketFilters(search) || search.status !== undefined;
  return (
    <div className="space-y-3" data-testid="ticket-filters">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          className="md:hidden"
          aria-expanded={open}
          aria-controls={chipsId}
          onClick={() => setOpen((value) => !value)}
        >
          <ListFilter aria-hidden />
          Filters
          {chosen > 0 ? (
            <span className="rounded-full bg-primary px-1.5 text-[0.6875rem] text-primary-foreground tabular-nums">
              {chosen}
              <span className="sr-only"> chosen</span>
            </span>
          ) : null}
        </Button>
        {anything ? (
          <button
            type="button"
            onClick={() => onSearch(CLEARED_FILTERS)}
            className="inline-flex items-center gap-1 rounded-md font-medium text-muted-foreground text-xs outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X aria-hidden className="size-3.5" />
            Clear filters
          </button>
        ) : null}
      </div>
      <div
        id={chipsId}
        className={cn(
          "space-y-2.5 xl:flex xl:flex-wrap xl:items-start xl:gap-x-8 xl:gap-y-2.5 xl:space-y-0",
          !open && "max-md:hidden",
        )}
      >
        <ChipGroup
          label="Priority"
          value={search.priority}
          options={TICKET_PRIORITIES.map((value) => ({ value, label: TICKET_PRIORITY_LABELS[value] }))}
          onSelect={(priority) => onSearch({ priority, page: undefined })}
        />
        <ChipGroup
          label="Type"
          value={search.type}
          options={TICKET_TYPES.map((value) => ({ value, label: TICKET_TYPE_LABELS[value] }))}
          onSelect={(type) => onSearch({ type, page: undefined })}
        />
        <ChipGroup
          label="Source"
          value={search.source}
          options={TICKET_SOURCES.map((value) => ({ value, label: TICKET_SOURCE_LABELS[value] }))}
          onSelect={(source) => onSearch({ source, page: undefined })}
        />
        {tagChoices.length > 0 ? (
          <ChipGroup
            label="Tag"
            value={search.tag}
            options={tagChoices.map((value) => ({ value, label: value }))}
            onSelect={(tag) => onSearch({ tag, page: undefined })}
          />
        ) : null}
      </div>
    </div>
  );
}
