import { PeriodPageSkeleton } from "#web/components/period/period-page-skeleton.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";

// The pending view of `/ai_employees`. Kept apart from the page: the route's pending view loads with
// the router and must not pull the whole table into the shell's download.

export const AI_EMPLOYEES_PENDING_TEXT = "Loading AI employees...";

/** The title, the frame bar's place, a toolbar and a few table rows. */
export function AiEmployeesLoading() {
  return (
    <PeriodPageSkeleton title="AI employees" text={AI_EMPLOYEES_PENDING_TEXT}>
      <AiEmployeesTableSkeleton />
    </PeriodPageSkeleton>
  );
}

/** The table's shape while the figures load (also under the header once the company is known). */
export function AiEmployeesTableSkeleton() {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <Skeleton className="h-9 w-full sm:w-64" />
        <Skeleton className="h-9 w-40" />
        <Skeleton className="h-9 w-32" />
      </div>
      <div className="space-y-3 rounded-xl border bg-card p-4 shadow-xs">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
          <div key={index} className="flex items-center gap-3">
            <Skeleton className="size-8 rounded-full" />
            <Skeleton className="h-4 w-40" />
            <Skeleton className="ml-auto h-4 w-24" />
          </div>
        ))}
      </div>
    </div>
  );
}
