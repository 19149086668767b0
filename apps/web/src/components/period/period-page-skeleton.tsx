import type { ReactNode } from "react";
import { PageHeader } from "../layout/page-header.tsx";
import { Skeleton } from "../ui/skeleton.tsx";
import { Spinner } from "../ui/spinner.tsx";

type PeriodPageSkeletonProps = {
  title: string;
  /** The pending text, shown and announced ("Loading sales dashboard..."). */
  text: string;
  /** The shape of the screen's own content, below the time frame bar. */
  children: ReactNode;
};

/** The pending view of a period screen: its title, a status line, the frame bar's place, then the content's shape. */
export function PeriodPageSkeleton({ title, text, children }: PeriodPageSkeletonProps) {
  return (
    <div className="space-y-6">
      <PageHeader title={title} />
      <div role="status" aria-live="polite" className="flex items-center gap-2 text-muted-foreground text-sm">
        <Spinner />
        <span>{text}</span>
      </div>
      <Skeleton className="h-14 w-full rounded-xl" />
      {children}
    </div>
  );
}
