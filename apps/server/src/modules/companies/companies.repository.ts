import type { CompanyRole } from "@foreman/contract";
import { and, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { companies, memberships, users } from "#server/db/schema/index.ts";

export type CompanyRow = { id: string; name: string; logoSmallUrl: string | null };
export type MembershipRow = { companyId: string; role: CompanyRole };

export async function findMembership(db: Executor, userId: string, companyId: string): Promise<MembershipRow | null> {
  const rows = await db
    .select({ companyId: memberships.companyId, role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Every company the user is a member of (unsorted: callers sort by name). */
export async function listCompaniesOfUser(db: Executor, userId: string): Promise<CompanyRow[]> {
  return db
    .select({ id: companies.id, name: companies.name, logoSmallUrl: companies.logoSmallUrl })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, userId));
}

export async function findUserProfile(db: Executor, userId: string) {
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertCompany(
  db: Executor,
  values: { name: string; logoSmallUrl?: string | null },
): Promise<CompanyRow> {
  const [row] = await db
    .insert(companies)
    .values(values)
    .returning({ id: companies.id, name: companies.name, logoSmallUrl: companies.logoSmallUrl });
  return row!;
}

export async function insertMembership(db: Executor, values: { userId: string; companyId: string; role: CompanyRole }) {
  await db.insert(memberships).values(values);
}

/** Whether any company exists (one indexed row at most, so it stays cheap on a big database). */
export async function anyCompanyExists(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).limit(1);
  return rows.length > 0;
}
