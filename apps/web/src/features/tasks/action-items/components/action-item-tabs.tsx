import type { TaskState } from "@foreman/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CompanyGate, useCompanyId } from "#web/lib/company-id.tsx";
import { cn } from "#web/lib/utils.ts";
import { actionItemsQueryOptions } from "../api.ts";

const tab =
  "-mb-px inline-flex h-10 items-center gap-2 border-b-2 border-transparent px-1 font-medium text-muted-foreground text-sm outline-none transition-colors hover:text-foreground focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:border-primary aria-[current=page]:text-foreground";

const exactSearch = { exact: true, explicitUndefined: true } as const;

/** To do and Done, as links (`?state=done`), so the tab survives reloads and sharing. */
export function ActionItemTabs({ current }: { current: TaskState }) {
  return (
    <nav aria-label="Action item lists" className="flex gap-6 border-b">
      <Link
        to="/action_items"
        search={{ state: undefined }}
        // Exact: the router would otherwise count To do (no state) as part of Done (state=done).
        activeOptions={exactSearch}
        aria-current={current === "to_do" ? "page" : undefined}
        className={tab}
      >
        To do
        <CompanyGate>
          <ToDoCount />
        </CompanyGate>
      </Link>
      <Link
        to="/action_items"
        search={{ state: "done" }}
        activeOptions={exactSearch}
        aria-current={current === "done" ? "page" : undefined}
        className={tab}
      >
        Done
      </Link>
    </nav>
  );
}

/** The to-do total, from the same (shared, cached) query as the list. */
function ToDoCount() {
  const companyId = useCompanyId();
  const query = useInfiniteQuery(actionItemsQueryOptions(companyId, "to_do"));
  const total = query.data?.pages[0]?.total;
  if (total === undefined) return null;
  return (
    <span
      className={cn(
        "min-w-5 rounded-full px-1.5 py-px text-center text-xs tabular-nums",
        total > 0 ? "bg-primary/12 text-primary" : "bg-muted text-muted-foreground",
      )}
      data-testid="to-do-count"
    >
      {total.toLocaleString("en-US")}
    </span>
  );
}
