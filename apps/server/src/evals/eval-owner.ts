import { randomBytes } from "node:crypto";
import { CLIENT_ID_HEADER, COMPANY_ID_HEADER, type CompanyLanguage, WEB_CLIENT_ID } from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema/index.ts";
import { ensureWebClient } from "#server/modules/auth/oauth-client.repository.ts";
import { hashPassword } from "#server/modules/auth/password.ts";
import { issueToken } from "#server/modules/auth/token.service.ts";
import { insertCompany, insertMembership } from "#server/modules/companies/companies.repository.ts";

// A company of an eval world with its owner, whose token staff actions (resolving action items) use.

export type OwnedCompany = { companyId: string; headers: Record<string, string> };

export async function createOwnedCompany(
  db: Db,
  input: { name: string; language?: CompanyLanguage },
): Promise<OwnedCompany> {
  const [user] = await db
    .insert(users)
    .values({
      email: `eval-${randomBytes(4).toString("hex")}@example.com`,
      firstName: input.name,
      lastName: "Owner",
      passwordDigest: await hashPassword(randomBytes(16).toString("hex")),
    })
    .returning({ id: users.id });
  const company = await insertCompany(db, {
    name: input.name,
    ...(input.language ? { language: input.language } : {}),
  });
  await insertMembership(db, { userId: user!.id, companyId: company.id, role: "owner" });
  const application = await ensureWebClient(db);
  const { accessToken } = await issueToken(db, { userId: user!.id, applicationId: application.id, now: new Date() });
  return {
    companyId: company.id,
    headers: {
      [CLIENT_ID_HEADER]: WEB_CLIENT_ID,
      authorization: `Bearer ${accessToken}`,
      [COMPANY_ID_HEADER]: company.id,
    },
  };
}

/** A channel token no other desk has (the channel API finds the channel by its hash). */
export function newChannelToken(name: string): string {
  return `fch_${name.replace(/\W/g, "")}_${randomBytes(12).toString("hex")}`;
}
