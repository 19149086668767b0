import { Skeleton } from "#web/components/ui/skeleton.tsx";

/** The help centre on its way: its title, the search box and the sections. */
export function HelpLoading() {
  return (
    <div role="status" aria-label="Loading the help centre" className="mx-auto w-full max-w-6xl space-y-6">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-11 w-full max-w-2xl" />
      <div className="grid gap-4 md:grid-cols-2">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-56 w-full rounded-xl" />
        ))}
      </div>
    </div>
  );
}
