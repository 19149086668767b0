import { TICKET_STATUS_FILTER_LABELS, TICKET_STATUS_FILTERS, type TicketStatusCounts } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { cn } from "#web/lib/utils.ts";

type TicketStatusTabsProps = {
  /** Open or closed; undefined is all. */
  current: "open" | "closed" | undefined;
  /** How many match every other filter, per status (while the first page loads: none yet). */
  counts: TicketStatusCounts | undefined;
};

/**
 * The spec's all / open / closed filter, each with its count: links that set `status` in the address
 * (so it survives reloads and sharing). Another status is another list: it starts from its first page.
 */
export function TicketStatusTabs({ current, counts }: TicketStatusTabsProps) {
  return (
    <nav aria-label="Filter tickets by status">
      <ul className="inline-flex h-9 max-w-full items-center gap-0.5 overflow-x-auto rounded-lg bg-muted p-1">
        {TICKET_STATUS_FILTERS.map((filter) => {
          const value = filter === "all" ? undefined : filter;
          const selected = value === current;
          return (
            <li key={filter} className="h-full">
              <Link
                from="/support"
                to="/support"
                search={(prev) => ({ ...prev, status: value, page: undefined })}
                aria-current={selected ? "page" : undefined}
                data-testid={`ticket-tab-${filter}`}
                className={cn(
                  "inline-flex h-full items-center gap-1.5 whitespace-nowrap rounded-md px-3 font-medium text-muted-foreground text-sm outline-none transition-[color,box-shadow]",
                  "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
                  selected && "bg-background text-foreground shadow-xs dark:bg-input/30",
                )}
              >
                {TICKET_STATUS_FILTER_LABELS[filter]}
                {counts ? (
                  <>
                    {" "}
                    <span className="rounded-full bg-muted-foreground/10 px-1.5 text-xs tabular-nums">
                      {counts[filter].toLocaleString("en-US")}
                    </span>
                    <span className="sr-only">{counts[filter] === 1 ? " ticket" : " tickets"}</span>
                  </>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
