import type { DepartmentKind } from "@foreman/contract";
import { PeriodPageSkeleton } from "#web/components/period/period-page-skeleton.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";

const titleOf = (kind: DepartmentKind) => `AI ${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;

/** The cards' shape while the figures load. */
export function FiguresSkeleton({ cards = 4 }: { cards?: number }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-5" aria-hidden>
      {Array.from({ length: cards }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-28 rounded-xl" />
      ))}
    </div>
  );
}

/** A list card's shape while its rows load. */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="space-y-2 rounded-xl border bg-card p-4" aria-hidden>
      <Skeleton className="mb-4 h-5 w-40" />
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-9 w-full" />
      ))}
    </div>
  );
}

/** The whole screen before the company's departments are known. */
export function DepartmentSkeleton({ kind }: { kind: DepartmentKind }) {
  const title = titleOf(kind);
  return (
    <PeriodPageSkeleton title={title} text={`Loading ${title}...`}>
      <FiguresSkeleton />
      <ListSkeleton />
      <ListSkeleton />
    </PeriodPageSkeleton>
  );
}
