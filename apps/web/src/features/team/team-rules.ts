import { type CompanyRole, canManage, type InvitationState, type Member } from "@foreman/contract";
import type { BadgeProps } from "#web/components/ui/badge.tsx";

// What the Team tab offers whom. The server decides (and says why it refuses); these only keep the
// screen from offering what it would refuse: members read, admins manage everyone but owners.

export const ROLE_LABELS: Record<CompanyRole, string> = { owner: "Owner", admin: "Admin", member: "Member" };

/** One line on what each role may do, under the role select. */
export const ROLE_HINTS: Record<CompanyRole, string> = {
  owner: "Everything, including giving and taking away the owner role.",
  admin: "Manages the team, the AI employees and the company's settings.",
  member: "Works in the company; approves only when the company allows members to.",
};

/** "an admin", "a member", "an owner". */
export function roleWithArticle(role: CompanyRole): string {
  return `${role === "member" ? "a" : "an"} ${role}`;
}

/** The roles a viewer may give: owners any, admins any but owner, members none. */
export function assignableRoles(viewer: CompanyRole | null): CompanyRole[] {
  if (viewer === "owner") return ["owner", "admin", "member"];
  if (viewer === "admin") return ["admin", "member"];
  return [];
}

/** Whether the viewer may change this member's role or remove them (an admin never touches an owner). */
export function canManageMember(viewer: CompanyRole | null, member: Pick<Member, "role">): boolean {
  return canManage(viewer) && (viewer === "owner" || member.role !== "owner");
}

export const INVITATION_STATE_LABELS: Record<InvitationState, string> = {
  pending: "Pending",
  accepted: "Accepted",
  expired: "Expired",
  revoked: "Revoked",
};

export const INVITATION_STATE_VARIANTS: Record<InvitationState, NonNullable<BadgeProps["variant"]>> = {
  pending: "info",
  accepted: "success",
  expired: "warning",
  revoked: "muted",
};

/** A member as a person reads them: their name, or their address when they gave none. */
export function memberName(member: Pick<Member, "firstName" | "lastName" | "email">): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.email;
}
