import { Component, type ReactNode, Suspense } from "react";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/utils.ts";

// Where a lazily loaded chart goes (the reports, an AI employee's profile): the card around it renders
// at once, the chart once its chunk has arrived.

type ChartSlotProps = {
  height: number;
  /** Tests find a screen's slots by it. */
  testId?: string;
  /** Grow past `height` to fill the card, when its neighbour in the row is taller. */
  grow?: boolean;
  children: ReactNode;
};

/** A chart's place: a skeleton while its chunk loads, a note if the chunk cannot load. */
export function ChartSlot({ height, testId = "chart-slot", grow = false, children }: ChartSlotProps) {
  return (
    <div
      data-testid={testId}
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

// A failed chunk (a deploy replaced it, the network dropped) costs the drawing only: the figures stay on
// the card (headline, tables, legends, hidden tables) even when the chart itself is missing.
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
