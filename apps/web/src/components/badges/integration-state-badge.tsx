import { INTEGRATION_STATE_LABELS, type IntegrationState, isTransitionalState } from "@foreman/contract";
import { CircleCheck, Clock } from "lucide-react";
import { Badge } from "#web/components/ui/badge.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/utils.ts";

const STATE_VARIANTS = {
  connected: "success",
  disconnected: "muted",
  coming_soon: "outline",
} as const satisfies Partial<Record<IntegrationState, string>>;

/** An integration's state in the product's words: connected, work in progress (with a spinner), and so on. */
export function IntegrationStateBadge({ state }: { state: IntegrationState }) {
  const label = INTEGRATION_STATE_LABELS[state];
  if (isTransitionalState(state)) {
    return (
      <Badge variant="warning" data-testid="integration-state">
        <Spinner className="size-3" />
        {label}
      </Badge>
    );
  }
  const variant = STATE_VARIANTS[state as keyof typeof STATE_VARIANTS] ?? "muted";
  return (
    <Badge
      variant={variant}
      data-testid="integration-state"
      className={cn(state === "coming_soon" && "border-dashed text-muted-foreground")}
    >
      {state === "connected" ? <CircleCheck aria-hidden /> : null}
      {state === "coming_soon" ? <Clock aria-hidden /> : null}
      {state === "disconnected" ? <span aria-hidden className="size-1.5 rounded-full bg-muted-foreground/60" /> : null}
      {label}
    </Badge>
  );
}
