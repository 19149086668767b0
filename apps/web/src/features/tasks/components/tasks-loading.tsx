import { Skeleton } from "#web/components/ui/skeleton.tsx";

// The tasks list's loading view: the shape of a few rows.

export function TasksRowsSkeleton() {
  return (
    <div role="status" aria-label="Loading tasks" className="space-y-2 rounded-xl border bg-card p-4">
      {Array.from({ length: 6 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={index} className="flex items-center gap-4 py-1.5">
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-5 w-24 md:block" />
          <Skeleton className="hidden h-4 w-28 md:block" />
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
    </div>
  );
}
