import type { CompanyRole } from "./company.ts";

// Who may do what in a company: owners and admins manage (hire, edit, deactivate, import), members read.

/** The roles that may change a company's workforce. */
export const MANAGER_ROLES: readonly CompanyRole[] = ["owner", "admin"];

export function canManage(role: CompanyRole | null | undefined): boolean {
  return role !== null && role !== undefined && MANAGER_ROLES.includes(role);
}

/** The 403 message and the disabled actions' tooltip. */
export const MANAGER_ROLE_REQUIRED = "Only an owner or an admin of this company can do this";

/**
 * Who may approve what goes past an AI employee's guardrails (authorize items) and cancel a placed
 * order: those who may set the guardrails (owners and admins), and members too when the company allows it.
 */
export function canApprove(role: CompanyRole | null | undefined, membersMayApprove: boolean): boolean {
  return canManage(role) || (role === "member" && membersMayApprove);
}

/** The 403 message of an approval or cancellation a member may not make, and the disabled buttons' tooltip. */
export const APPROVER_ROLE_REQUIRED =
  "Only an owner or an admin of this company can approve this (or a member, when the company allows members to approve)";
