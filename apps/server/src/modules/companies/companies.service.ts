import { deletionDueAt, type Me } from "@foreman/contract";
import { httpError } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import type { UserWithCompanies } from "./companies.repository.ts";

/**
 * The signed-in user with the companies they manage (sorted by name). `company` is the one named by
 * X-Company-ID when the user belongs to it, else their first company, else null.
 */
export function getMe(found: UserWithCompanies | null, requestedCompanyId: string | null): Me {
  // The token outlived its user (deleted account): treat it like any other invalid token.
  if (!found)
    throw httpError(401, "unauthorized", "The access token is invalid", undefined, { "www-authenticate": "Bearer" });
  const { profile, companies } = found;
  // Already sorted by name (findUserWithCompanies).
  const managedCompanies = companies.map(({ deletionRequestedAt, ...company }) => ({
    ...company,
    // Only while a deletion is scheduled (modules/privacy): every member's shell shows a banner.
    ...(deletionRequestedAt ? { deletionScheduledFor: deletionDueAt(deletionRequestedAt).toISOString() } : {}),
  }));
  const requested =
    requestedCompanyId && isUuid(requestedCompanyId)
      ? managedCompanies.find((c) => c.id === requestedCompanyId)
      : undefined;
  return { ...profile, company: requested ?? managedCompanies[0] ?? null, managedCompanies };
}
