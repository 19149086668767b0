import type {
  BusinessHours,
  CompanyLanguage,
  CompanyRole,
  CompanySettings,
  CompanySettingsPatch,
} from "@foreman/contract";
import { and, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { companies, memberships, users } from "#server/db/schema/index.ts";
import { byName } from "#server/lib/sort.ts";

export type CompanyRow = {
  id: string;
  name: string;
  logoSmallUrl: string | null;
  membersMayApprove: boolean;
  language: CompanyLanguage;
  requireTwoFactor: boolean;
  timeZone: string;
  currency: string;
};
/**
 * The caller's place in a company, for the company scope: `twoFactorMissing` when the company requires
 * two-factor sign-in and the caller has not turned it on (plugins/company-scope.ts refuses them).
 */
export type MembershipRow = { companyId: string; role: CompanyRole; companyName: string; twoFactorMissing: boolean };

export type UserWithCompanies = {
  profile: { id: string; email: string; firstName: string; lastName: string; twoFactorEnabled: boolean };
  /** Every company the user is a member of, with their role, sorted by name (lib/sort.ts). */
  companies: (CompanyRow & { role: CompanyRole; deletionRequestedAt: Date | null })[];
};

/**
 * The user and their companies in one round trip (`/app/me.json` is the most frequent call there
 * is: every page load makes it). Null when the user does not exist.
 */
export async function findUserWithCompanies(db: Executor, userId: string): Promise<UserWithCompanies | null> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      companyId: companies.id,
      companyName: companies.name,
      logoSmallUrl: companies.logoSmallUrl,
      membersMayApprove: companies.membersMayApprove,
      language: companies.language,
      requireTwoFactor: companies.requireTwoFactor,
      timeZone: companies.timeZone,
      currency: companies.currency,
      deletionRequestedAt: companies.deletionRequestedAt,
      totpEnabledAt: users.totpEnabledAt,
      role: memberships.role,
    })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(users.id, userId));
  const first = rows[0];
  if (!first) return null;
  const { id, email, firstName, lastName } = first;
  const companyRows: UserWithCompanies["companies"] = [];
  for (const row of rows)
    if (row.companyId !== null && row.companyName !== null && row.role !== null)
      companyRows.push({
        id: row.companyId,
        name: row.companyName,
        logoSmallUrl: row.logoSmallUrl,
        membersMayApprove: row.membersMayApprove ?? false,
        language: row.language ?? "en",
        requireTwoFactor: row.requireTwoFactor ?? false,
        timeZone: row.timeZone ?? "UTC",
        currency: row.currency ?? "USD",
        deletionRequestedAt: row.deletionRequestedAt,
        role: row.role,
      });
  // Sorted once here, not on every /app/me.json answered from the cache.
  const twoFactorEnabled = first.totpEnabledAt !== null;
  return { profile: { id, email, firstName, lastName, twoFactorEnabled }, companies: companyRows.sort(byName) };
}

export async function insertCompany(
  db: Executor,
  values: { name: string; logoSmallUrl?: string | null; language?: CompanyLanguage; gettingStartedDismissedAt?: Date },
): Promise<CompanyRow> {
  // Its AI employees answer in the company's own language until an owner adds others (Settings → General).
  const answerLanguages = [values.language ?? "en"];
  const [row] = await db
    .insert(companies)
    .values({ ...values, answerLanguages })
    .returning({
      id: companies.id,
      name: companies.name,
      logoSmallUrl: companies.logoSmallUrl,
      membersMayApprove: companies.membersMayApprove,
      language: companies.language,
      requireTwoFactor: companies.requireTwoFactor,
      timeZone: companies.timeZone,
      currency: companies.currency,
    });
  return row!;
}

const settingsColumns = {
  membersMayApprove: companies.membersMayApprove,
  language: companies.language,
  requireTwoFactor: companies.requireTwoFactor,
  name: companies.name,
  timeZone: companies.timeZone,
  currency: companies.currency,
  answerLanguages: companies.answerLanguages,
  businessHours: companies.businessHours,
  createdAt: companies.createdAt,
};

const toSettings = ({ createdAt, ...row }: { createdAt: Date } & Omit<CompanySettings, "createdAt">) => ({
  ...row,
  createdAt: createdAt.toISOString(),
});

/** The company's settings (null when there is no such company). */
export async function findCompanySettings(db: Executor, companyId: string): Promise<CompanySettings | null> {
  const [row] = await db.select(settingsColumns).from(companies).where(eq(companies.id, companyId));
  return row ? toSettings(row) : null;
}

/** What reading the clock needs of a company: its zone and business hours (null: always open). */
export async function findCompanyClock(
  db: Executor,
  companyId: string,
): Promise<{ timeZone: string; businessHours: BusinessHours | null }> {
  const [row] = await db
    .select({ timeZone: companies.timeZone, businessHours: companies.businessHours })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? { timeZone: "UTC", businessHours: null };
}

/** Writes the settings named in `patch` and answers them all as they now are. */
export async function updateCompanySettings(
  db: Executor,
  companyId: string,
  patch: CompanySettingsPatch,
): Promise<CompanySettings> {
  const [row] = await db.update(companies).set(patch).where(eq(companies.id, companyId)).returning(settingsColumns);
  return toSettings(row!);
}

export async function insertMembership(db: Executor, values: { userId: string; companyId: string; role: CompanyRole }) {
  await db.insert(memberships).values(values);
}

/** Gives a member another role; false when they are not a member of the company. */
export async function updateMembershipRole(
  db: Executor,
  companyId: string,
  userId: string,
  role: CompanyRole,
): Promise<boolean> {
  const rows = await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)))
    .returning({ id: memberships.id });
  return rows.length > 0;
}

/** Takes a user out of a company; false when they were not in it. */
export async function deleteMembership(db: Executor, companyId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)))
    .returning({ id: memberships.id });
  return rows.length > 0;
}

/** Whether any company exists (one indexed row at most, so it stays cheap on a big database). */
export async function anyCompanyExists(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).limit(1);
  return rows.length > 0;
}
