import { APPROVER_ROLE_REQUIRED, type CompanyRole, canApprove, canManage } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { findCompanySettings } from "./companies.repository.ts";

// Who may approve what goes past an AI employee's guardrails (authorize items) and cancel placed orders:
// owners and admins, and members when the company allows it. Read at the moment of the approval, so a
// setting turned off counts at once.

export type Caller = { companyId: string; role: CompanyRole };

export async function mayApprove(db: Executor, caller: Caller): Promise<boolean> {
  if (canManage(caller.role)) return true;
  const settings = await findCompanySettings(db, caller.companyId);
  return canApprove(caller.role, settings?.membersMayApprove ?? false);
}

/** Throws the 403 for a caller who may not approve; call it before writing anything. */
export async function requireApprover(db: Executor, caller: Caller): Promise<void> {
  if (!(await mayApprove(db, caller))) throw httpError(403, "forbidden", APPROVER_ROLE_REQUIRED);
}
