import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";

/** The page while its first data loads (the route's pending view). */
export function TrainingLoading() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading the training centre">
      <PageHeader title="Training centre" />
      <Skeleton className="h-9 w-80 max-w-full rounded-lg" />
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}
