import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";

export const DASHBOARD_PENDING_TEXT = "Loading sales dashboard...";

/** The route's pending view: the page's shape, and the spec's text for screen readers too. */
export function DashboardSkeleton() {
  return (
    <div className="space-y-6">
      <PageHeader title="AI sales dashboard" />
      <div role="status" aria-live="polite" className="flex items-center gap-2 text-muted-foreground text-sm">
        <Spinner />
        <span>{DASHBOARD_PENDING_TEXT}</span>
      </div>
      <Skeleton className="h-14 w-full rounded-xl" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3, 4, 5, 6, 7].map((card) => (
          <Skeleton key={card} className="h-28 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}
