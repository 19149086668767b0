import { Skeleton } from "#web/components/ui/skeleton.tsx";

// The list's loading view: the shape of a few items, so the page does not jump when they arrive.

export function ActionItemCardsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading action items" className="space-y-4">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={index} className="space-y-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5">
          <div className="flex items-center justify-between gap-3">
            <div className="flex items-center gap-3">
              <Skeleton className="h-5 w-24 rounded-md" />
              <Skeleton className="h-4 w-32" />
            </div>
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
          <Skeleton className="h-5 w-3/5" />
          <Skeleton className="h-4 w-4/5" />
          <Skeleton className="h-20 w-full" />
          <div className="flex justify-end gap-2">
            <Skeleton className="h-9 w-28" />
          </div>
        </div>
      ))}
    </div>
  );
}
