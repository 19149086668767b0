import {
  type CompanyRole,
  canManage,
  LAST_OWNER_ERROR,
  MANAGER_ROLE_REQUIRED,
  type Member,
  OWNER_ROLE_REQUIRED,
} from "@foreman/contract";
import type { Db, Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { compareText } from "#server/lib/sort.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { recordActivity, staffActor } from "../activities/index.ts";
import { deleteMembership, updateMembershipRole } from "../companies/index.ts";
import type { EventBus } from "../events/index.ts";
import { findMemberRow, findRole, listMemberRows, lockOwners, type MemberRow } from "./team.repository.ts";

// The company's members and their roles. Owners and admins manage; only an owner gives, changes or takes
// away the owner role; the last owner can be neither demoted nor removed. The checks run inside the
// transaction on the rows as they are now (the owners' memberships locked), not on what the request's
// membership check read a moment before.

export type TeamContext = { db: Db; events: EventBus; companyId: string; userId: string };

const ROLE_ORDER: Record<CompanyRole, number> = { owner: 0, admin: 1, member: 2 };

export const memberNotFound = () => httpError(404, "not_found", "Member not found");
export const ownerRoleRequired = () => httpError(403, "forbidden", OWNER_ROLE_REQUIRED);
const lastOwner = () => httpError(409, "last_owner", LAST_OWNER_ERROR);

const fullName = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();

function toMember(row: MemberRow, callerId: string): Member {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    twoFactorEnabled: row.totpEnabledAt !== null,
    you: row.id === callerId,
  };
}

/** Owners, then admins, then members; by name within each (sorted in code: the engines' collations differ). */
function byRoleThenName(a: MemberRow, b: MemberRow): number {
  return (
    ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || compareText(fullName(a), fullName(b)) || compareText(a.email, b.email)
  );
}

export async function getMembers(db: Db, companyId: string, callerId: string): Promise<{ members: Member[] }> {
  const rows = await listMemberRows(db, companyId);
  return { members: rows.sort(byRoleThenName).map((row) => toMember(row, callerId)) };
}

/**
 * The caller's role as the transaction sees it: a manager demoted or removed a moment ago is refused
 * as they would be on their next request.
 */
async function managerRole(tx: Executor, ctx: TeamContext, owners: string[]): Promise<CompanyRole> {
  const role = owners.includes(ctx.userId) ? "owner" : await findRole(tx, ctx.companyId, ctx.userId);
  if (!role) throw httpError(404, "not_found", "Company not found");
  if (!canManage(role)) throw httpError(403, "forbidden", MANAGER_ROLE_REQUIRED);
  return role;
}

/** `PATCH /app/members/{id}.json`: a new role, with its activity; the member's access changes at once. */
export async function changeMemberRole(ctx: TeamContext, memberId: string, role: CompanyRole): Promise<Member> {
  if (!isUuid(memberId)) throw memberNotFound();
  const changed = await ctx.db.transaction(async (tx) => {
    const owners = await lockOwners(tx, ctx.companyId);
    const callerRole = await managerRole(tx, ctx, owners);
    const member = await findMemberRow(tx, ctx.companyId, memberId, true);
    if (!member) throw memberNotFound();
    if (callerRole !== "owner" && (member.role === "owner" || role === "owner")) throw ownerRoleRequired();
    if (member.role === role) return { member, changed: false };
    if (member.role === "owner" && owners.length <= 1) throw lastOwner();
    await updateMembershipRole(tx, ctx.companyId, memberId, role);
    await recordActivity(tx, {
      companyId: ctx.companyId,
      kind: "member.role_changed",
      actor: await staffActor(tx, ctx.userId),
      subject: { type: "member", id: memberId },
      summary: `Changed ${fullName(member)}'s role from ${member.role} to ${role}`,
      details: { email: member.email, from: member.role, to: role },
    });
    return { member: { ...member, role }, changed: true };
  });
  // After the commit: every instance drops the member's cached memberships, so the new role counts now.
  if (changed.changed) await ctx.events.notify({ topic: "user.changed", userId: memberId });
  return toMember(changed.member, ctx.userId);
}

/**
 * `DELETE /app/members/{id}.json`: takes the member out of the company, with its activity. Their next
 * call for the company is refused, and their open event stream for it closes (events/stream-access.ts).
 */
export async function removeMember(ctx: TeamContext, memberId: string): Promise<void> {
  if (!isUuid(memberId)) throw memberNotFound();
  await ctx.db.transaction(async (tx) => {
    const owners = await lockOwners(tx, ctx.companyId);
    const callerRole = await managerRole(tx, ctx, owners);
    const member = await findMemberRow(tx, ctx.companyId, memberId, true);
    if (!member) throw memberNotFound();
    if (callerRole !== "owner" && member.role === "owner") throw ownerRoleRequired();
    if (member.role === "owner" && owners.length <= 1) throw lastOwner();
    await deleteMembership(tx, ctx.companyId, memberId);
    const self = memberId === ctx.userId;
    await recordActivity(tx, {
      companyId: ctx.companyId,
      kind: "member.removed",
      actor: await staffActor(tx, ctx.userId),
      subject: { type: "member", id: memberId },
      summary: self ? `Left the company (was ${member.role})` : `Removed ${fullName(member)} (${member.role})`,
      details: { email: member.email, role: member.role },
    });
  });
  await ctx.events.notify({ topic: "user.changed", userId: memberId });
}
