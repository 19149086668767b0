import type { OutboundMail, OutboundMailState } from "@foreman/contract";
import { Badge, type BadgeProps } from "#web/components/ui/badge.tsx";

// An outbox mail's state as owners read it: a badge (Sent, Queued, Kept, Failed) and, beside it, why.

const STATES: Record<OutboundMailState, { label: string; variant: BadgeProps["variant"] }> = {
  sent: { label: "Sent", variant: "success" },
  queued: { label: "Queued", variant: "info" },
  kept: { label: "Kept", variant: "warning" },
  failed: { label: "Failed", variant: "destructive" },
};

export function OutboundMailBadge({ state }: { state: OutboundMailState }) {
  const { label, variant } = STATES[state];
  return (
    <Badge variant={variant} data-testid="outbound-mail-state" data-state={state}>
      {label}
    </Badge>
  );
}

/** Why the mail is where it is: null when the badge says it all. */
export function outboundMailNote(mail: Pick<OutboundMail, "state" | "lastError" | "attempts">): string | null {
  switch (mail.state) {
    case "queued":
      if (mail.lastError) return `Retrying: ${mail.lastError}`;
      return mail.attempts > 0 ? "Retrying" : "Waiting to be sent";
    case "kept":
      return "No SMTP server: kept here, unsent";
    case "failed":
      return `Failed: ${mail.lastError ?? "the mail server refused it"}`;
    case "sent":
      return null;
  }
}
