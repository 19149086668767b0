import type { TimeLeft } from "@foreman/contract";
import { Clock, TimerOff } from "lucide-react";
import { exactDateTime } from "#web/lib/relative-time.ts";
import { cn } from "#web/lib/utils.ts";

// The countdown pill of an action item: calm while there is time, red in the last hour, "Expired"
// after. Not a live region: announcing every second would drown a screen reader; the exact due time
// is part of the text instead.

export function TimeLeftLabel({ left, dueAt, className }: { left: TimeLeft; dueAt: string; className?: string }) {
  const Icon = left.expired ? TimerOff : Clock;
  const due = exactDateTime(dueAt);
  return (
    <span
      className={cn(
        "relative inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2.5 py-0.5 font-medium text-xs tabular-nums",
        left.expired || left.urgent
          ? "border-destructive/30 bg-destructive/10 text-destructive dark:bg-destructive/15"
          : "border-transparent bg-muted text-muted-foreground",
        className,
      )}
      data-testid="time-left"
      data-urgent={left.urgent || undefined}
      data-expired={left.expired || undefined}
    >
      <Icon aria-hidden className="size-3.5" />
      <time dateTime={dueAt}>{left.label}</time>
      {due ? <span className="sr-only">, due {due}</span> : null}
    </span>
  );
}
