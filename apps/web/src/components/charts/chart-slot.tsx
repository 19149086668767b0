import { Component, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/utils.ts";

// Where a lazily loaded chart goes (the reports, an AI employee's profile): the card around it renders
// at once, the chart once its chunk has arrived and the slot is near the screen. A chart is the
// costliest thing a page draws (recharts lays out every axis, tick and bar in JavaScript); on a phone
// the reports' four are a long scroll apart, and drawing them all at once held the page for half a second.

/** How far below the screen a chart starts drawing, so it is there when scrolled to. */
const DRAW_AHEAD = "400px";

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
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearScreen(ref);
  return (
    <div
      ref={ref}
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
        <Suspense fallback={<Skeleton className="size-full" />}>
          {near ? children : <Skeleton className="size-full" />}
        </Suspense>
      </ChartBoundary>
    </div>
  );
}

/** True once the element has come within DRAW_AHEAD of the screen (at once where that cannot be told). */
function useNearScreen(ref: React.RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver !== "function");
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${DRAW_AHEAD} 0px` },
    );
    observer.observe(element);
    // Printing shows every chart.
    const onPrint = () => setNear(true);
    window.addEventListener("beforeprint", onPrint);
    return () => {
      observer.disconnect();
      window.removeEventListener("beforeprint", onPrint);
    };
  }, [ref, near]);
  return near;
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
