import type { EmployeeOutcomes } from "@foreman/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { useId } from "react";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { OutcomeCards } from "#web/components/figures/outcome-cards.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/utils.ts";
import { EmployeeChartCard } from "./employee-chart-card.tsx";

type EmployeeOutcomesSectionProps = {
  name: string;
  /** "The last 30 days, compared with the 30 days before". */
  periodLabel: string;
  query: UseQueryResult<EmployeeOutcomes>;
};

/** The period's outcome cards and the chart over time, dimmed while another period loads. */
export function EmployeeOutcomesSection({ name, periodLabel, query }: EmployeeOutcomesSectionProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div className="space-y-0.5">
        <h2 id={titleId} className="font-semibold text-lg tracking-tight">
          Outcomes
        </h2>
        <p className="text-muted-foreground text-sm">{periodLabel}</p>
      </div>
      {query.error && !query.isFetching ? (
        <QueryError title="Couldn't load the outcomes" error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <OutcomesSkeleton />
      ) : (
        <div
          className={cn("space-y-6", query.isPlaceholderData && "opacity-60 transition-opacity")}
          aria-busy={query.isFetching}
        >
          <OutcomeCards comparison={query.data} currency={query.data.currency} label={`${name}'s outcomes`} />
          <EmployeeChartCard outcomes={query.data} />
        </div>
      )}
    </section>
  );
}

function OutcomesSkeleton() {
  return (
    <div role="status" aria-label="Loading outcomes" className="space-y-6">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((card) => (
          <Skeleton key={card} className="h-28 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-80 rounded-xl" />
    </div>
  );
}
