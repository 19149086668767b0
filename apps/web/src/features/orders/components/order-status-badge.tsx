import { isOrderState, type OrderState, orderStatusLabel } from "@foreman/contract";
import { Badge, type BadgeProps } from "../../../components/ui/badge.tsx";

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

// The theme's success green and destructive red are a little too faint for 12 px text on their own
// tint (axe: 2.9:1 to 4.4:1); these shades keep the hue and pass AA.
const READABLE_TEXT: Partial<Record<string, string>> = {
  success: "text-[oklch(0.46_0.14_150)] dark:text-success",
  destructive: "text-[oklch(0.5_0.2_27)] dark:text-[oklch(0.74_0.16_25)]",
};

/** The order's status (completed → Won, missing → Unknown, spec §4). */
export function OrderStatusBadge({ state }: { state: string | null | undefined }) {
  const variant = isOrderState(state) ? STATUS_VARIANT[state] : "outline";
  return (
    <Badge
      variant={variant}
      className={READABLE_TEXT[variant]}
      data-state={state ?? "unknown"}
      data-testid="order-status"
    >
      {orderStatusLabel(state)}
    </Badge>
  );
}
