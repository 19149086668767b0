import { cloneElement, type ReactElement } from "react";
import { overlayTriggerProps, useOverlayKit } from "./deferred-overlays.ts";
import type { SharedTooltipProps } from "./shared-tooltip.tsx";

/**
 * A tooltip whose Radix code loads on first interaction (deferred-overlays.ts). Until then the trigger
 * renders alone — it must carry its own accessible name (aria-label or text), as the tooltip only
 * repeats it. Pointing at or focusing it fetches the kit; the tooltip then opens with the usual delay.
 */
export function LazyTooltip({ children, ...props }: SharedTooltipProps) {
  const kit = useOverlayKit();
  const trigger = cloneElement(children as ReactElement<Record<string, unknown>>, overlayTriggerProps);
  if (!kit) return trigger;
  return <kit.SharedTooltip {...props}>{trigger}</kit.SharedTooltip>;
}
