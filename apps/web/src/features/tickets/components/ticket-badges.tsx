import {
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_LABELS,
  type TicketPriority,
  type TicketStatus,
} from "@foreman/contract";
import { Badge, type BadgeProps } from "#web/components/ui/badge.tsx";
import { cn } from "#web/lib/utils.ts";

type Variant = NonNullable<BadgeProps["variant"]>;

// Colour says how urgent and where a ticket stands: high red, medium amber, low grey; open blue, closed green.
const PRIORITY_VARIANT: Record<TicketPriority, Variant> = { high: "destructive", medium: "warning", low: "muted" };
const PRIORITY_LEVEL: Record<TicketPriority, number> = { low: 1, medium: 2, high: 3 };
const STATUS_VARIANT: Record<TicketStatus, Variant> = { open: "info", closed: "success" };
const BAR_HEIGHTS = ["h-1", "h-1.5", "h-2"] as const;

/** The priority with as many of three bars filled as it is high, so it does not rest on colour alone. */
export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  const level = PRIORITY_LEVEL[priority];
  return (
    <Badge variant={PRIORITY_VARIANT[priority]} data-testid="ticket-priority" data-priority={priority}>
      <span aria-hidden className="inline-flex h-2 items-end gap-px">
        {BAR_HEIGHTS.map((height, index) => (
          <span
            key={height}
            className={cn("w-[3px] rounded-[1px] bg-current", height, index >= level && "opacity-25")}
          />
        ))}
      </span>
      {TICKET_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid="ticket-status" data-status={status}>
      {TICKET_STATUS_LABELS[status]}
    </Badge>
  );
}
