import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";

export const SALES_REPORTS_PENDING_TEXT = "Loading sales reports...";

/** The route's pending view: the page's shape, and a status line for screen readers too. */
export function SalesReportsSkeleton() {
  return (
    <div className="space-y-6">
      <PageHeader title="Sales reports" />
      <div role="status" aria-live="polite" className="flex items-center gap-2 text-muted-foreground text-sm">
        <Spinner />
        <span>{SALES_REPORTS_PENDING_TEXT}</span>
      </div>
      <Skeleton className="h-14 w-full rounded-xl" />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {[0, 1, 2, 3].map((card) => (
          <Skeleton key={card} className="h-80 rounded-xl" />
        ))}
        <Skeleton className="h-80 rounded-xl lg:col-span-2" />
      </div>
    </div>
  );
}
