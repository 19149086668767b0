import { useSyncExternalStore } from "react";
import { layoutConfig } from "#web/lib/config.ts";

const QUERY = `(max-width: ${layoutConfig.mobileBreakpointPx - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") {
    window.addEventListener("resize", onChange);
    return () => window.removeEventListener("resize", onChange);
  }
  const media = window.matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

function getSnapshot(): boolean {
  // Environments without matchMedia (jsdom) fall back to the window width.
  return typeof window.matchMedia === "function"
    ? window.matchMedia(QUERY).matches
    : window.innerWidth < layoutConfig.mobileBreakpointPx;
}

/** True below the 768 px breakpoint, where both sidebars give way to the slide-in menu. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
