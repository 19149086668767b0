import { Component, lazy, type ReactNode, Suspense } from "react";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/utils.ts";
import { loadReportCharts } from "../load-report-charts.ts";

// The charts live in their own chunk (load-report-charts.ts); the cards around them render at once.
export const SalesChart = lazy(() => loadReportCharts().then((charts) => ({ default: charts.SalesChart })));
export const LeadsChart = lazy(() => loadReportCharts().then((charts) => ({ default: charts.LeadsChart })));
export const OrdersChart = lazy(() => loadReportCharts().then((charts) => ({ default: charts.OrdersChart })));
export const ChannelsChart = lazy(() => loadReportCharts().then((charts) => ({ default: charts.ChannelsChart })));

type ChartSlotProps = {
  height: number;
  /** Grow past `height` to fill the card, when its neighbour in the row is taller. */
  grow?: boolean;
  children: ReactNode;
};

/** A chart's place: a skeleton while its chunk loads, a note if the chunk cannot load. */
export function ChartSlot({ height, grow = false, children }: ChartSlotProps) {
  return (
    <div
      data-testid="chart-slot"
      style={grow ? { minHeight: height } : { height }}
      className={cn(
        "relative min-w-0",
        // The chart takes focus (arrow keys move its tooltip): the app's focus ring, not the browser's.
        "[&_.recharts-surface:focus-visible]:rounded-md [&_.recharts-surface:focus-visible]:outline-2 [&_.recharts-surface:focus-visible]:outline-ring [&_.recharts-surface:focus-visible]:outline-offset-2",
        grow && "flex-1",
      )}
    >
      <ChartBoundary>
        <Suspense fallback={<Skeleton className="size-full" />}>{children}</Suspense>
      </ChartBoundary>
    </div>
  );
}

// The figures stay on the card (headline, tables, legends) even when the chart itself is missing.
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p className="flex size-full items-center justify-center rounded-lg border border-dashed text-muted-foreground text-sm">
        The chart couldn't load. Reload the page to try again.
      </p>
    );
  }
}
