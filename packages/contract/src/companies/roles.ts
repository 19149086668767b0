import type { CompanyRole } from "./company.ts";

// Who may do what in a company: owners and admins manage (hire, edit, deactivate, import), members read.

/** The roles that may change a company's workforce. */
export const MANAGER_ROLES: readonly CompanyRole[] = ["owner", "admin"];

export function canManage(role: CompanyRole | null | undefined): boolean {
  return role !== null && role !== undefined && MANAGER_ROLES.includes(role);
}

/** The 403 message and the disabled actions' tooltip. */
export const MANAGER_ROLE_REQUIRED = "Only an owner or an admin of this company can do this";
