import {
  CHANNEL_LABELS,
  CHANNELS,
  CONVERSATION_STATUS_LABELS,
  CONVERSATION_STATUSES,
  type ConversationFilters,
  LEAD_STAGES,
} from "@foreman/contract";
import { SlidersHorizontal, X } from "lucide-react";
import { useId, useState } from "react";
import { leadStageLabel, STAGE_VARIANTS } from "#web/components/badges/lead-stage-badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ChipGroup, chipClass } from "#web/components/ui/chip.tsx";
import { cn } from "#web/lib/utils.ts";
import { hasConversationFilters } from "../filters.ts";
import { ChannelIcon } from "./channel-icon.tsx";
import { SearchField } from "./search-field.tsx";

// The filter panel of the inbox and the conversations list: a text search (applied as you pause
// typing) and the stage, channel and status chips. The values live in the address; this panel only
// reports changes (`onChange`), and each screen writes them into its URL.

export type FiltersChange = Partial<ConversationFilters>;

type ConversationFilterPanelProps = {
  filters: ConversationFilters;
  onChange: (change: FiltersChange) => void;
  className?: string;
  /** Lay the chip groups out side by side where there is room (the full-width list). */
  wide?: boolean;
  /**
   * The chips fold away behind a "Filters" button: always (the inbox's narrow list), or only on phones
   * (below 768 px, by CSS: the wide list has room). Open at first when `defaultOpen`.
   */
  collapsible?: { defaultOpen: boolean; phoneOnly?: boolean };
};

export function ConversationFilterPanel({
  filters,
  onChange,
  className,
  wide = false,
  collapsible,
}: ConversationFilterPanelProps) {
  const [open, setOpen] = useState(collapsible?.defaultOpen ?? true);
  const chipsId = useId();
  const chosen = [filters.stage, filters.channel, filters.status].filter(Boolean).length;
  const showChips = !collapsible || open;
  // Folded on phones only: the button and the fold apply below md, the chips always show above it.
  const phoneOnly = collapsible?.phoneOnly === true;
  return (
    <div className={cn("space-y-3", className)} data-testid="conversation-filters">
      <div className="flex items-center gap-2">
        <SearchField value={filters.q ?? ""} onSearch={(q) => onChange({ q: q || undefined })} />
        {collapsible ? (
          <Button
            variant="outline"
            size="sm"
            className={cn("h-9", phoneOnly && "md:hidden")}
            aria-expanded={open}
            aria-controls={chipsId}
            onClick={() => setOpen((value) => !value)}
          >
            <SlidersHorizontal aria-hidden />
            Filters
            {chosen > 0 ? (
              <span className="rounded-full bg-primary px-1.5 text-[0.6875rem] text-primary-foreground tabular-nums">
                {chosen}
                <span className="sr-only"> chosen</span>
              </span>
            ) : null}
          </Button>
        ) : null}
      </div>
      <div
        id={chipsId}
        hidden={!showChips && !phoneOnly}
        className={cn(
          "space-y-2.5",
          !showChips && phoneOnly && "max-md:hidden",
          wide && "xl:flex xl:flex-wrap xl:items-start xl:gap-x-8 xl:gap-y-2.5 xl:space-y-0",
        )}
      >
        <ChipGroup
          label="Stage"
          value={filters.stage}
          options={LEAD_STAGES.map((stage) => ({
            value: stage,
            label: leadStageLabel(stage),
            icon: (
              <span aria-hidden className={cn("size-2 rounded-full", STAGE_DOTS[STAGE_VARIANTS[stage] ?? "outline"])} />
            ),
          }))}
          onSelect={(stage) => onChange({ stage })}
        />
        <ChipGroup
          label="Channel"
          value={filters.channel}
          options={CHANNELS.map((channel) => ({
            value: channel,
            label: CHANNEL_LABELS[channel],
            icon: <ChannelIcon channel={channel} labelled={false} className="size-3.5" />,
          }))}
          onSelect={(channel) => onChange({ channel })}
        />
        <ChipGroup
          label="Status"
          value={filters.status}
          options={CONVERSATION_STATUSES.map((status) => ({
            value: status,
            label: CONVERSATION_STATUS_LABELS[status],
          }))}
          onSelect={(status) => onChange({ status })}
        />
      </div>
      {collapsible && !open && chosen > 0 ? (
        <ChosenFilters filters={filters} onChange={onChange} className={cn(phoneOnly && "md:hidden")} />
      ) : null}
      {hasConversationFilters(filters) ? (
        <button
          type="button"
          onClick={() => onChange({ stage: undefined, channel: undefined, status: undefined, q: undefined })}
          className="inline-flex items-center gap-1 rounded-md font-medium text-muted-foreground text-xs outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X aria-hidden className="size-3.5" />
          Clear filters
        </button>
      ) : null}
    </div>
  );
}

/** With the chips folded away, what is chosen stays in view, each removable on its own. */
function ChosenFilters({
  filters,
  onChange,
  className,
}: {
  filters: ConversationFilters;
  onChange: (change: FiltersChange) => void;
  className?: string;
}) {
  const chosen: { key: keyof ConversationFilters; label: string; value: string }[] = [];
  if (filters.stage) chosen.push({ key: "stage", label: "Stage", value: leadStageLabel(filters.stage) });
  if (filters.channel) chosen.push({ key: "channel", label: "Channel", value: CHANNEL_LABELS[filters.channel] });
  if (filters.status)
    chosen.push({ key: "status", label: "Status", value: CONVERSATION_STATUS_LABELS[filters.status] });
  return (
    <ul className={cn("flex flex-wrap gap-1.5", className)} aria-label="Chosen filters">
      {chosen.map((item) => (
        <li key={item.key}>
          <button
            type="button"
            onClick={() => onChange({ [item.key]: undefined })}
            className={cn(chipClass(true, "facet"), "pr-1.5")}
            aria-label={`Remove filter ${item.label}: ${item.value}`}
          >
            <span className="font-normal opacity-80">{item.label}:</span> {item.value}
            <X aria-hidden className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}

const STAGE_DOTS: Record<string, string> = {
  info: "bg-info",
  secondary: "bg-muted-foreground/50",
  warning: "bg-warning",
  outline: "border border-muted-foreground bg-transparent",
  success: "bg-success",
  destructive: "bg-destructive",
};
