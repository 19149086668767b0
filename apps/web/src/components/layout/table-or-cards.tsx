import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { cn } from "#web/lib/utils.ts";
import { useIsMobile } from "./use-mobile.ts";

// A list drawn as a table where there is room and as cards where there is not. Only one of the two is
// drawn: hiding the other with CSS still cost React and the browser every row twice.

/** The tables need about 56rem; below that (a phone, or a laptop with the sidebar open) rows are cards. */
const TABLE_MIN_WIDTH_PX = 56 * 16;

type TableOrCardsProps = {
  /** The table, drawn in the lists' card frame. */
  table: ReactNode;
  /** The cards' list items, drawn as one spaced list. */
  cards: ReactNode;
  tableClassName?: string;
  /** What decides: the list's own width (56rem), or the window's mobile breakpoint (768 px). */
  by: "list" | "window";
};

export function TableOrCards({ table, cards, by, tableClassName }: TableOrCardsProps) {
  const ref = useRef<HTMLDivElement>(null);
  const listWide = useWidthAtLeast(ref, TABLE_MIN_WIDTH_PX, by === "list");
  const windowWide = !useIsMobile();
  const wide = by === "list" ? listWide : windowWide;
  return (
    <div ref={ref}>
      {wide ? (
        <div className={cn("rounded-xl border bg-card", tableClassName)}>{table}</div>
      ) : (
        <ul className="space-y-2">{cards}</ul>
      )}
    </div>
  );
}

/** Whether the element is at least `minWidth` px wide, measured before the browser paints (when `watch`). */
function useWidthAtLeast(ref: React.RefObject<HTMLElement | null>, minWidth: number, watch: boolean): boolean {
  // The window's width bounds the container's: a first guess that is right on phones, and corrected
  // before paint where a sidebar takes part of a wide window.
  const [wide, setWide] = useState(() => window.innerWidth >= minWidth);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!watch || !element) return;
    const measure = () => {
      const width = element.getBoundingClientRect().width;
      // No width is no layout (a hidden tab, or jsdom): keep what the window says.
      if (width > 0) setWide(width >= minWidth);
    };
    measure();
    if (typeof ResizeObserver !== "function") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, minWidth, watch]);
  return wide;
}
