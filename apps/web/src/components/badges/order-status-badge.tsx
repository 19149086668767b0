import { isOrderState, type OrderState, orderStatusLabel } from "@foreman/contract";
import { Badge, type BadgeProps } from "../ui/badge.tsx";

// Colour says where the order stands: won green, stopped red, waiting amber, in progress blue, early grey.
const STATUS_VARIANT: Record<OrderState, NonNullable<BadgeProps["variant"]>> = {
  completed: "success",
  confirmed: "info",
  pending: "warning",
  sent: "info",
  draft_sent: "info",
  started: "muted",
  draft: "muted",
  cancelled: "destructive",
};

/** The order's status (completed → Won, missing → Unknown). */
export function OrderStatusBadge({ state }: { state: string | null | undefined }) {
  const variant = isOrderState(state) ? STATUS_VARIANT[state] : "outline";
  return (
    <Badge variant={variant} data-state={state ?? "unknown"} data-testid="order-status">
      {orderStatusLabel(state)}
    </Badge>
  );
}
