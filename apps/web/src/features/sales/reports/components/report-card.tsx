import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { cn } from "#web/lib/utils.ts";

type ReportCardProps = {
  title: string;
  /** The card's headline figure (the period's total), large and right under the title. */
  figure: string;
  /** What the figure and the chart count, e.g. "Completed orders, by day". */
  note: string;
  testId: string;
  className?: string;
  children: ReactNode;
};

/** One report: a titled card with its headline figure, then its chart or its empty state. */
export function ReportCard({ title, figure, note, testId, className, children }: ReportCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className={cn(
        "flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-5",
        className,
      )}
    >
      <header className="min-w-0 space-y-1">
        <h2 id={headingId} className="font-medium text-muted-foreground text-sm">
          {title}
        </h2>
        <p data-testid="report-figure" className="truncate font-semibold text-2xl tabular-nums tracking-tight">
          {figure}
        </p>
        <p className="text-muted-foreground text-xs">{note}</p>
      </header>
      {children}
    </section>
  );
}

type ReportEmptyProps = { icon: LucideIcon; title: string; description: string };

/** A report with nothing to draw: said plainly, in the space the chart would take. */
export function ReportEmpty({ icon: Icon, title, description }: ReportEmptyProps) {
  return (
    <div className="flex min-h-48 flex-1 flex-col items-center justify-center rounded-lg border border-dashed px-6 py-8 text-center">
      <div className="mb-3 flex size-9 items-center justify-center rounded-lg border bg-background text-muted-foreground shadow-xs">
        <Icon aria-hidden className="size-4" />
      </div>
      <p className="font-medium">{title}</p>
      <p className="mt-1 max-w-xs text-balance text-muted-foreground text-sm">{description}</p>
    </div>
  );
}
