import {
  Component,
  createContext,
  type ReactNode,
  Suspense,
  startTransition,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
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

/** Where the width is not known yet (or not at all, as in tests): a phone's chart. */
const FALLBACK_WIDTH_PX = 320;
const ChartWidth = createContext(FALLBACK_WIDTH_PX);

/** The width (px) of the slot the chart is drawn in: the time axes space their labels by it. */
export const useChartWidth = () => useContext(ChartWidth);

/** A chart's place: a skeleton while its chunk loads, a note if the chunk cannot load. */
export function ChartSlot({ height, testId = "chart-slot", grow = false, children }: ChartSlotProps) {
  const ref = useRef<HTMLDivElement>(null);
  const width = useNearScreenWidth(ref);
  const near = width !== null;
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
          {near ? (
            <ChartWidth.Provider value={width || FALLBACK_WIDTH_PX}>{children}</ChartWidth.Provider>
          ) : (
            <Skeleton className="size-full" />
          )}
        </Suspense>
      </ChartBoundary>
    </div>
  );
}

/**
 * Null until the element has come within DRAW_AHEAD of the screen (at once where that cannot be told),
 * then its width in px (0 where there is no layout), kept up to date as it is resized.
 */
function useNearScreenWidth(ref: React.RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(() => (typeof IntersectionObserver !== "function" ? 0 : null));
  const near = width !== null;
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.find((item) => item.isIntersecting);
        // In the background: React draws the chart a few milliseconds at a time, between the browser's
        // other work, rather than in one task a tap would wait behind.
        if (entry) startTransition(() => setWidth(entry.boundingClientRect.width));
      },
      { rootMargin: `${DRAW_AHEAD} 0px` },
    );
    observer.observe(element);
    // Printing shows every chart.
    const onPrint = () => setWidth(element.getBoundingClientRect().width);
    window.addEventListener("beforeprint", onPrint);
    return () => {
      observer.disconnect();
      window.removeEventListener("beforeprint", onPrint);
    };
  }, [ref, near]);
  // Once drawn, a new width (a turned phone, a resized window) respaces the labels.
  useEffect(() => {
    const element = ref.current;
    if (!near || !element || typeof ResizeObserver !== "function") return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth((current) => (current !== null && Math.abs(current - next) < 1 ? current : next));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return width;
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
