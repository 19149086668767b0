import { type ReactElement, type ReactNode, useEffect, useState, useSyncExternalStore } from "react";
import { tooltipConfig } from "#web/lib/config.ts";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "./tooltip.tsx";

// Radix shares "a tooltip was open a moment ago, show the next one at once" (the skip delay) through
// one provider above every tooltip. Deferred tooltips cannot have a provider above the shell (adding
// it later would remount the page), so each has its own and this little store shares that state.
let openTooltips = 0;
let warm = false;
let coolDown: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setWarm(next: boolean) {
  if (warm === next) return;
  warm = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isWarm = () => warm;

function noteOpened(): () => void {
  openTooltips += 1;
  clearTimeout(coolDown);
  setWarm(true);
  return () => {
    openTooltips -= 1;
    if (openTooltips > 0) return;
    clearTimeout(coolDown);
    coolDown = setTimeout(() => setWarm(false), tooltipConfig.skipDelayMs);
  };
}

export type SharedTooltipProps = {
  /** The trigger: one element that takes a ref and event handlers. */
  children: ReactElement;
  content: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
  align?: "start" | "center" | "end";
  /** Open delay; the shell's default (tooltipConfig.defaultDelayMs) unless given. */
  delayDuration?: number;
  contentClassName?: string;
};

/** A Radix tooltip with the app's delays, the skip delay shared with every other SharedTooltip. */
export function SharedTooltip({
  children,
  content,
  side,
  align,
  delayDuration = tooltipConfig.defaultDelayMs,
  contentClassName,
}: SharedTooltipProps) {
  const skipDelay = useSyncExternalStore(subscribe, isWarm, isWarm);
  const [open, setOpen] = useState(false);
  useEffect(() => (open ? noteOpened() : undefined), [open]);
  return (
    <TooltipProvider delayDuration={skipDelay ? 0 : delayDuration}>
      <Tooltip open={open} onOpenChange={setOpen}>
        <TooltipTrigger asChild>{children}</TooltipTrigger>
        <TooltipContent side={side} align={align} className={contentClassName}>
          {content}
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
