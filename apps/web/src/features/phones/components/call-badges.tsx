import {
  CALL_OUTCOME_LABELS,
  CALL_STATUS_LABELS,
  type CallDirection,
  type CallOutcome,
  type CallStatus,
} from "@foreman/contract";
import { PhoneIncoming, PhoneOutgoing } from "lucide-react";
import { Badge, type BadgeProps } from "#web/components/ui/badge.tsx";
import { cn } from "#web/lib/utils.ts";

type Variant = NonNullable<BadgeProps["variant"]>;

// Where a call stands: on its way (blue), talking (green, with a live dot), ended well (grey), or ended
// without a conversation (amber for busy or no answer, red for a failure).
const STATUS_VARIANT: Record<CallStatus, Variant> = {
  queued: "muted",
  ringing: "info",
  in_progress: "success",
  completed: "secondary",
  busy: "warning",
  no_answer: "warning",
  failed: "destructive",
  canceled: "muted",
};

export function CallStatusBadge({ status, className }: { status: CallStatus; className?: string }) {
  const live = status === "ringing" || status === "in_progress";
  return (
    <Badge variant={STATUS_VARIANT[status]} className={className} data-testid="call-status" data-status={status}>
      {live ? <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-current" /> : null}
      {CALL_STATUS_LABELS[status]}
    </Badge>
  );
}

const DIRECTION = {
  inbound: { label: "Inbound", icon: PhoneIncoming },
  outbound: { label: "Outbound", icon: PhoneOutgoing },
} as const;

/** The call's direction: an arrow into or out of the phone, and its word. */
export function CallDirectionLabel({ direction, className }: { direction: CallDirection; className?: string }) {
  const { label, icon: Icon } = DIRECTION[direction];
  return (
    <span className={cn("inline-flex items-center gap-1.5", className)} data-testid="call-direction">
      <Icon aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
      {label}
    </span>
  );
}

export function CallOutcomeText({ outcome }: { outcome: CallOutcome | null }) {
  if (!outcome) return <span className="text-muted-foreground">—</span>;
  return <span>{CALL_OUTCOME_LABELS[outcome]}</span>;
}
