import type { Me } from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { httpError } from "#server/lib/http-error.ts";
import { byName } from "#server/lib/sort.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { findUserProfile, listCompaniesOfUser } from "./companies.repository.ts";

/**
 * The signed-in user with the companies they manage (sorted by name). `company` is the one named by
 * X-Company-ID when the user belongs to it, else their first company, else null.
 */
export async function getMe(db: Executor, userId: string, requestedCompanyId: string | null): Promise<Me> {
  const [profile, companies] = await Promise.all([findUserProfile(db, userId), listCompaniesOfUser(db, userId)]);
  // The token outlived its user (deleted account): treat it like any other invalid token.
  if (!profile)
    throw httpError(401, "unauthorized", "The access token is invalid", undefined, { "www-authenticate": "Bearer" });
  const managedCompanies = companies.sort(byName);
  const requested =
    requestedCompanyId && isUuid(requestedCompanyId)
      ? managedCompanies.find((c) => c.id === requestedCompanyId)
      : undefined;
  return { ...profile, company: requested ?? managedCompanies[0] ?? null, managedCompanies };
}
