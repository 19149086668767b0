import { LazyTooltip } from "#web/components/ui/lazy-tooltip.tsx";
import { exactDateTime, relativeTime } from "#web/lib/relative-time.ts";
import { cn } from "#web/lib/utils.ts";

/** "in 3 hours" with the exact date and time in a tooltip (and for screen readers, in the text). */
export function DueTime({ dueAt, overdue, className }: { dueAt: string; overdue?: boolean; className?: string }) {
  const exact = exactDateTime(dueAt);
  return (
    <LazyTooltip content={`Due ${exact}`}>
      <time
        dateTime={dueAt}
        className={cn("relative", overdue && "text-destructive", className)}
        data-testid="task-due"
      >
        {relativeTime(dueAt)}
        <span className="sr-only"> ({exact})</span>
      </time>
    </LazyTooltip>
  );
}
