import { MANAGER_ROLE_REQUIRED } from "@foreman/contract";
import type { ReactElement } from "react";
import { LazyTooltip } from "#web/components/ui/lazy-tooltip.tsx";

type ManagerOnlyProps = {
  /** Whether the user may manage the workforce; when not, `children` must be rendered disabled. */
  allowed: boolean;
  children: ReactElement;
};

/**
 * A manager's action, for a member shown disabled with the reason as a tooltip. A disabled button
 * takes neither focus nor pointer events, so a focusable span carries the tooltip.
 */
export function ManagerOnly({ allowed, children }: ManagerOnlyProps) {
  if (allowed) return children;
  return (
    <LazyTooltip content={MANAGER_ROLE_REQUIRED}>
      <span
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the disabled button's reason must be reachable by keyboard
        tabIndex={0}
        data-testid="manager-only"
        className="inline-flex rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
      </span>
    </LazyTooltip>
  );
}
