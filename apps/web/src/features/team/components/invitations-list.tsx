import { formatLongDate, type Invitation } from "@foreman/contract";
import { Ban, Send } from "lucide-react";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { exactDateTime, relativeTime } from "#web/lib/relative-time.ts";
import { INVITATION_STATE_LABELS, INVITATION_STATE_VARIANTS, ROLE_LABELS } from "../team-rules.ts";

type InvitationsListProps = {
  invitations: readonly Invitation[];
  /** The invitation whose resend or revoke is on its way. */
  busyId: string | null;
  onResend: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
};

/**
 * Sent invitations, the open ones first: who, as what, by whom, when. A pending one can be sent again or
 * revoked; an expired one sent again (with a new link).
 */
export function InvitationsList({ invitations, busyId, onResend, onRevoke }: InvitationsListProps) {
  // Open ones first; the server's order (newest first) within each group.
  const sorted = [...invitations].sort((a, b) => Number(b.state === "pending") - Number(a.state === "pending"));
  return (
    <ul aria-label="Invitations" className="divide-y overflow-hidden rounded-xl border bg-card shadow-xs">
      {sorted.map((invitation) => (
        <InvitationItem
          key={invitation.id}
          invitation={invitation}
          busy={busyId === invitation.id}
          onResend={onResend}
          onRevoke={onRevoke}
        />
      ))}
    </ul>
  );
}

function InvitationItem({
  invitation,
  busy,
  onResend,
  onRevoke,
}: {
  invitation: Invitation;
  busy: boolean;
  onResend: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
}) {
  const pending = invitation.state === "pending";
  const resendable = pending || invitation.state === "expired";
  return (
    <li
      data-testid="invitation"
      data-invitation-id={invitation.id}
      className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between sm:px-4"
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex min-w-0 flex-wrap items-center gap-1.5">
          <span className="min-w-0 truncate font-medium" title={invitation.email}>
            {invitation.email}
          </span>
          <Badge variant="outline">{ROLE_LABELS[invitation.role]}</Badge>
          <Badge variant={INVITATION_STATE_VARIANTS[invitation.state]}>
            {INVITATION_STATE_LABELS[invitation.state]}
          </Badge>
        </div>
        <p className="text-muted-foreground text-xs">
          {invitation.invitedBy ? `Invited by ${invitation.invitedBy} · ` : null}
          <time dateTime={invitation.lastSentAt} title={exactDateTime(invitation.lastSentAt)}>
            {invitation.invitedBy ? "sent" : "Sent"} {relativeTime(invitation.lastSentAt)}
          </time>
          {pending ? (
            <>
              {" · "}
              <time dateTime={invitation.expiresAt} title={exactDateTime(invitation.expiresAt)}>
                expires {formatLongDate(invitation.expiresAt)}
              </time>
            </>
          ) : null}
        </p>
      </div>
      {resendable ? (
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" disabled={busy} onClick={() => onResend(invitation)}>
            {busy ? <Spinner /> : <Send aria-hidden />}
            Resend
            <span className="sr-only"> the invitation to {invitation.email}</span>
          </Button>
          {pending ? (
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => onRevoke(invitation)}
              className="hover:text-destructive"
            >
              <Ban aria-hidden />
              Revoke
              <span className="sr-only"> the invitation to {invitation.email}</span>
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
