import { Skeleton } from "#web/components/ui/skeleton.tsx";

/** The list's shape while its first page loads. */
export function TicketsLoading({ rows = 5 }: { rows?: number }) {
  return (
    <div className="space-y-2 rounded-xl border bg-card p-4" role="status" data-testid="tickets-loading">
      <span className="sr-only">Loading tickets…</span>
      <Skeleton className="mb-4 h-5 w-40" />
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
