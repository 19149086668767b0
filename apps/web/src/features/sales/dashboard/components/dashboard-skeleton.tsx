import { PeriodPageSkeleton } from "#web/components/period/period-page-skeleton.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";

export const DASHBOARD_PENDING_TEXT = "Loading sales dashboard...";

/** The route's pending view: the page's shape, and the pending text for screen readers too. */
export function DashboardSkeleton() {
  return (
    <PeriodPageSkeleton title="AI sales dashboard" text={DASHBOARD_PENDING_TEXT}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3, 4, 5, 6, 7].map((card) => (
          <Skeleton key={card} className="h-28 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-64 w-full rounded-xl" />
    </PeriodPageSkeleton>
  );
}
