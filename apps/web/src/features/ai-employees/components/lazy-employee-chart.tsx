import { Component, lazy, type ReactNode, Suspense } from "react";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { loadEmployeeChart } from "../load-employee-chart.ts";

// The chart in its own chunk (load-employee-chart.ts): the card around it renders at once, the chart
// when Recharts has arrived.
export const LazyEmployeeChart = lazy(() => loadEmployeeChart().then((chunk) => ({ default: chunk.EmployeeChart })));

/** The chart's place: a skeleton while the chunk loads, a note if it cannot load. */
export function EmployeeChartSlot({ height, children }: { height: number; children: ReactNode }) {
  return (
    <div
      data-testid="employee-chart-slot"
      style={{ height }}
      // The chart takes focus (arrow keys move its tooltip): the app's focus ring, not the browser's.
      className="relative min-w-0 [&_.recharts-surface:focus-visible]:rounded-md [&_.recharts-surface:focus-visible]:outline-2 [&_.recharts-surface:focus-visible]:outline-ring [&_.recharts-surface:focus-visible]:outline-offset-2"
    >
      <ChunkBoundary>
        <Suspense fallback={<Skeleton className="size-full" />}>{children}</Suspense>
      </ChunkBoundary>
    </div>
  );
}

// A failed chunk (a deploy replaced it, the network dropped) costs the drawing only: the hidden table
// and the outcome cards still carry the figures.
class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
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
