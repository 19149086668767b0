import { CONVERSATION_STATUS_LABELS, type ConversationStatus } from "@foreman/contract";
import { Badge, type BadgeProps } from "#web/components/ui/badge.tsx";

// open: waiting on us; pending: waiting on the customer; resolved: nothing left to do.
const STATUS_VARIANTS: Record<ConversationStatus, BadgeProps["variant"]> = {
  open: "info",
  pending: "warning",
  resolved: "muted",
};

export function ConversationStatusBadge({ status }: { status: ConversationStatus }) {
  return (
    <Badge variant={STATUS_VARIANTS[status]} data-testid="status-badge">
      {CONVERSATION_STATUS_LABELS[status]}
    </Badge>
  );
}
