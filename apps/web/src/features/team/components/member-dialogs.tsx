import type { CompanyRole, Member } from "@foreman/contract";
import { FormAlert } from "#web/components/feedback/form-alert.tsx";
import { DialogActions, DialogFrame } from "#web/components/ui/dialog-frame.tsx";
import { memberName, ROLE_LABELS, roleWithArticle } from "../team-rules.ts";

// The two changes to a membership asked before they happen. A refusal (the last owner, an admin and an
// owner) stays in the dialog in the server's words, next to what was asked.

type RemoveMemberDialogProps = {
  member: Member | null;
  companyName: string;
  pending: boolean;
  /** The server's refusal. */
  error: string | null;
  onCancel: () => void;
  onConfirm: (member: Member) => void;
};

export function RemoveMemberDialog({
  member,
  companyName,
  pending,
  error,
  onCancel,
  onConfirm,
}: RemoveMemberDialogProps) {
  const you = member?.you ?? false;
  const name = member ? memberName(member) : "";
  return (
    <DialogFrame
      open={member !== null}
      onClose={onCancel}
      pending={pending}
      title={you ? `Leave ${companyName}?` : `Remove ${name}?`}
      description={
        you
          ? `You lose access to ${companyName} at once. To come back, an owner or an admin must invite you again.`
          : `${name} loses access to ${companyName} at once and is signed out of it on every device. Their account stays; invite them again to bring them back.`
      }
    >
      <FormAlert message={error} />
      <DialogActions
        actionLabel={you ? "Leave" : "Remove"}
        actionVariant="destructive"
        pending={pending}
        cancelWaits
        onCancel={onCancel}
        onAction={() => member && onConfirm(member)}
      />
    </DialogFrame>
  );
}

/** A role change worth a second look: giving the owner role, or changing one's own. */
export type RoleChange = { member: Member; role: CompanyRole };

export function needsConfirmation({ member, role }: RoleChange): boolean {
  return role === "owner" || member.you;
}

type RoleChangeDialogProps = {
  change: RoleChange | null;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (change: RoleChange) => void;
};

export function RoleChangeDialog({ change, pending, error, onCancel, onConfirm }: RoleChangeDialogProps) {
  const name = change ? memberName(change.member) : "";
  const role = change?.role ?? "member";
  const title = change?.member.you
    ? `Make yourself ${roleWithArticle(role)}?`
    : `Make ${name} ${roleWithArticle(role)}?`;
  const description =
    role === "owner"
      ? `Owners can do everything, including changing or taking away the owner role of anyone, you too.`
      : role === "member"
        ? "As a member you can no longer invite people, change roles or change the company's settings."
        : `You keep managing the team, but only an owner can change the owner role.`;
  return (
    <DialogFrame open={change !== null} onClose={onCancel} pending={pending} title={title} description={description}>
      <FormAlert message={error} />
      <DialogActions
        actionLabel={`Make ${ROLE_LABELS[role].toLowerCase()}`}
        pending={pending}
        cancelWaits
        onCancel={onCancel}
        onAction={() => change && onConfirm(change)}
      />
    </DialogFrame>
  );
}
