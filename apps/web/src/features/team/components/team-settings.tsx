import { type CompanyRole, canManage, INVITATION_TTL_DAYS, type Invitation, type Member } from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MailPlus, UserPlus, Users } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { ConfirmDialog } from "#web/components/feedback/confirm-dialog.tsx";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { toast } from "#web/lib/toast-store.ts";
import {
  changeMemberRole,
  invalidateInvitations,
  invalidateMembers,
  invalidateOwnCompanies,
  invitationsQueryOptions,
  membersQueryOptions,
  removeMember,
  resendInvitation,
  revokeInvitation,
} from "../api.ts";
import { assignableRoles, memberName, roleWithArticle } from "../team-rules.ts";
import { InvitationsList } from "./invitations-list.tsx";
import { needsConfirmation, RemoveMemberDialog, type RoleChange, RoleChangeDialog } from "./member-dialogs.tsx";
import { MembersTable } from "./members-table.tsx";

// The invite form comes in its own chunk, fetched when first wanted (pointing at the button starts it).
const loadInviteDialog = () => import("./invite-dialog.tsx");
const InviteDialog = lazy(() => loadInviteDialog().then((module) => ({ default: module.InviteDialog })));

type TeamSettingsProps = {
  /** The selected company's name, for the words of the dialogs. */
  companyName: string;
};

/**
 * Settings → Team: the company's members and, for owners and admins, its invitations. Members read the
 * list; owners and admins invite, change roles and remove; only owners touch the owner role.
 */
export function TeamSettings({ companyName }: TeamSettingsProps) {
  const id = useId();
  const companyId = useCompanyId();
  const queryClient = useQueryClient();
  const membersQuery = useQuery(membersQueryOptions(companyId));
  const members = membersQuery.data?.members;
  // The list says who the viewer is, and so what they may do here.
  const viewerRole: CompanyRole | null = members?.find((member) => member.you)?.role ?? null;
  const manager = canManage(viewerRole);
  const roles = assignableRoles(viewerRole);

  const [inviting, setInviting] = useState<{ open: boolean } | null>(null);
  const [busyMember, setBusyMember] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [confirmingRole, setConfirmingRole] = useState<RoleChange | null>(null);
  const [savingRole, setSavingRole] = useState<RoleChange | null>(null);
  // The select shows the choice while it is asked about or saved, and the saved role once the list has it.
  const chosen = savingRole ?? confirmingRole;
  const [dialogError, setDialogError] = useState<string | null>(null);

  async function applyRole(change: RoleChange, inDialog: boolean) {
    const { member, role } = change;
    setBusyMember(member.id);
    setSavingRole(change);
    setDialogError(null);
    try {
      await changeMemberRole(companyId, member.id, role);
      toast({
        title: member.you
          ? `You are now ${roleWithArticle(role)}`
          : `${memberName(member)} is now ${roleWithArticle(role)}`,
        variant: "success",
      });
      setConfirmingRole(null);
      await invalidateMembers(queryClient, companyId, { ownMembership: member.you });
    } catch (error) {
      if (inDialog) setDialogError(describeError(error));
      else
        toast({
          title: `${memberName(member)}'s role could not be changed`,
          description: describeError(error),
          variant: "destructive",
        });
    } finally {
      setBusyMember(null);
      setSavingRole(null);
    }
  }

  function onRoleChange(member: Member, role: CompanyRole) {
    if (role === member.role) return;
    const change = { member, role };
    if (needsConfirmation(change)) {
      setDialogError(null);
      setConfirmingRole(change);
    } else void applyRole(change, false);
  }

  async function remove(member: Member) {
    setBusyMember(member.id);
    setDialogError(null);
    try {
      await removeMember(companyId, member.id);
      toast({
        title: member.you ? `You left ${companyName}` : `${memberName(member)} was removed`,
        variant: "success",
      });
      setRemoving(null);
      // Having left, the company's lists are no longer the user's: /app/me.json moves them to another.
      if (member.you) await invalidateOwnCompanies(queryClient);
      else await invalidateMembers(queryClient, companyId);
    } catch (error) {
      setDialogError(describeError(error));
    } finally {
      setBusyMember(null);
    }
  }

  const membersContent = (() => {
    if (membersQuery.error && !members) {
      return (
        <QueryError
          title="Couldn't load the members"
          error={membersQuery.error}
          onRetry={() => void membersQuery.refetch()}
        />
      );
    }
    if (!members) return <ListSkeleton label="Loading the members" />;
    if (members.length === 0) {
      return <EmptyState icon={Users} title="No members yet" description="Invite the people you work with." />;
    }
    return (
      <MembersTable
        members={members}
        viewerRole={viewerRole}
        busyId={busyMember}
        chosenRole={chosen && { memberId: chosen.member.id, role: chosen.role }}
        onRoleChange={onRoleChange}
        onRemove={(member) => {
          setDialogError(null);
          setRemoving(member);
        }}
      />
    );
  })();

  return (
    <div className="space-y-8" data-testid="team-settings">
      <section aria-labelledby={`${id}-members`} className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0 space-y-1">
            <h2 id={`${id}-members`} className="font-semibold text-lg">
              Members
            </h2>
            <p className="text-muted-foreground text-sm">
              {members && !manager
                ? "Only owners and admins can invite people, change roles and remove members."
                : "Everyone who works in this company. Owners and admins manage the team; only owners give or take away the owner role."}
            </p>
          </div>
          {manager ? (
            <Button
              className="shrink-0"
              onPointerEnter={() => void loadInviteDialog()}
              onFocus={() => void loadInviteDialog()}
              onClick={() => setInviting({ open: true })}
            >
              <UserPlus aria-hidden />
              Invite someone
            </Button>
          ) : null}
        </div>
        {membersContent}
      </section>

      {manager ? (
        <InvitationsSection
          companyId={companyId}
          headingId={`${id}-invitations`}
          onInvite={() => setInviting({ open: true })}
        />
      ) : null}

      {inviting ? (
        <Suspense fallback={null}>
          <InviteDialog
            companyId={companyId}
            open={inviting.open}
            roles={roles}
            onClose={() => setInviting({ open: false })}
          />
        </Suspense>
      ) : null}
      <RemoveMemberDialog
        member={removing}
        companyName={companyName}
        pending={removing !== null && busyMember === removing.id}
        error={dialogError}
        onCancel={() => setRemoving(null)}
        onConfirm={(member) => void remove(member)}
      />
      <RoleChangeDialog
        change={confirmingRole}
        pending={confirmingRole !== null && busyMember === confirmingRole.member.id}
        error={dialogError}
        onCancel={() => setConfirmingRole(null)}
        onConfirm={(change) => void applyRole(change, true)}
      />
    </div>
  );
}

/** Owners' and admins' view of the invitations sent: resend or revoke the pending ones. */
function InvitationsSection({
  companyId,
  headingId,
  onInvite,
}: {
  companyId: string;
  headingId: string;
  onInvite: () => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery(invitationsQueryOptions(companyId));
  const invitations = query.data?.invitations;
  const [busy, setBusy] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  async function resend(invitation: Invitation) {
    setBusy(invitation.id);
    try {
      await resendInvitation(companyId, invitation.id);
      toast({
        title: `Invitation sent again to ${invitation.email}`,
        description: "The earlier link no longer works.",
        variant: "success",
      });
      await invalidateInvitations(queryClient, companyId);
    } catch (error) {
      toast({ title: "The invitation could not be sent", description: describeError(error), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  async function revoke(invitation: Invitation) {
    setBusy(invitation.id);
    try {
      await revokeInvitation(companyId, invitation.id);
      toast({ title: `Invitation to ${invitation.email} revoked`, variant: "success" });
      setRevoking(null);
      await invalidateInvitations(queryClient, companyId);
    } catch (error) {
      toast({
        title: "The invitation could not be revoked",
        description: describeError(error),
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  }

  const content = (() => {
    if (query.error && !invitations) {
      return (
        <QueryError title="Couldn't load the invitations" error={query.error} onRetry={() => void query.refetch()} />
      );
    }
    if (!invitations) return <ListSkeleton label="Loading the invitations" rows={2} />;
    if (invitations.length === 0) {
      return (
        <EmptyState
          icon={MailPlus}
          title="No invitations"
          description="Invite a colleague by email: they join with the role you choose."
          action={
            <Button variant="outline" onClick={onInvite}>
              <UserPlus aria-hidden />
              Invite someone
            </Button>
          }
        />
      );
    }
    return <InvitationsList invitations={invitations} busyId={busy} onResend={resend} onRevoke={setRevoking} />;
  })();

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="space-y-1">
        <h2 id={headingId} className="font-semibold text-lg">
          Invitations
        </h2>
        <p className="text-muted-foreground text-sm">
          A link works once, for {INVITATION_TTL_DAYS} days. Sending it again makes a new link; revoking stops it.
        </p>
      </div>
      {content}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the invitation to ${revoking?.email ?? ""}?`}
        description="Its link stops working at once. You can invite the address again later."
        confirmLabel="Revoke"
        pending={revoking !== null && busy === revoking.id}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && void revoke(revoking)}
      />
    </section>
  );
}

function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="space-y-2 rounded-xl border bg-card p-4">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}
