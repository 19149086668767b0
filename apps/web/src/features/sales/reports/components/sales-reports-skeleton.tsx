import { PeriodPageSkeleton } from "#web/components/period/period-page-skeleton.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";

export const SALES_REPORTS_PENDING_TEXT = "Loading sales reports...";

/** The route's pending view: the page's shape, and a status line for screen readers too. */
export function SalesReportsSkeleton() {
  return (
    <PeriodPageSkeleton title="Sales reports" text={SALES_REPORTS_PENDING_TEXT}>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {[0, 1, 2, 3].map((card) => (
          <Skeleton key={card} className="h-80 rounded-xl" />
        ))}
        <Skeleton className="h-80 rounded-xl lg:col-span-2" />
      </div>
    </PeriodPageSkeleton>
  );
}
