import { DELETION_GRACE_DAYS } from "@foreman/contract";
import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { companies, memberships, users } from "#server/db/schema/index.ts";

// The companies table's privacy columns (retention, the scheduled deletion) and the company's purge,
// for modules/privacy: this module stays the one writer of the companies table.

export type CompanyPrivacyRow = {
  id: string;
  name: string;
  timeZone: string;
  retentionDays: number | null;
  deletionRequestedAt: Date | null;
  deletionRequestedBy: string | null;
};

const privacyColumns = {
  id: companies.id,
  name: companies.name,
  timeZone: companies.timeZone,
  retentionDays: companies.retentionDays,
  deletionRequestedAt: companies.deletionRequestedAt,
  deletionRequestedBy: companies.deletionRequestedBy,
};

/** The company's privacy settings; `forUpdate` locks the row until the transaction ends (one change at a time). */
export async function findCompanyPrivacy(
  db: Executor,
  companyId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CompanyPrivacyRow | null> {
  const query = db.select(privacyColumns).from(companies).where(eq(companies.id, companyId));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export async function updateRetentionDays(db: Executor, companyId: string, retentionDays: number | null) {
  await db.update(companies).set({ retentionDays }).where(eq(companies.id, companyId));
}

/** Marks the company for deletion (the caller checked it was not); the purge comes after the grace period. */
export async function markCompanyForDeletion(db: Executor, companyId: string, userId: string, now: Date) {
  await db
    .update(companies)
    .set({ deletionRequestedAt: now, deletionRequestedBy: userId })
    .where(eq(companies.id, companyId));
}

export async function clearCompanyDeletion(db: Executor, companyId: string) {
  await db
    .update(companies)
    .set({ deletionRequestedAt: null, deletionRequestedBy: null })
    .where(eq(companies.id, companyId));
}

/** The owners' addresses and names (mail about the company's deletion). */
export async function findCompanyOwners(db: Executor, companyId: string) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.role, "owner")))
    .orderBy(asc(users.email));
}

/** Companies that keep conversations for a limited time (the nightly sweep's list). */
export async function findCompaniesWithRetention(db: Executor): Promise<{ id: string; retentionDays: number }[]> {
  const rows = await db
    .select({ id: companies.id, retentionDays: companies.retentionDays })
    .from(companies)
    .where(isNotNull(companies.retentionDays));
  return rows.map((row) => ({ id: row.id, retentionDays: row.retentionDays! }));
}

const graceOverAt = (now: Date) => new Date(now.getTime() - DELETION_GRACE_DAYS * 86_400_000);

/** Companies whose grace period is over at `now`: the purge's list. */
export async function findCompaniesDueForPurge(
  db: Executor,
  now: Date,
): Promise<{ id: string; deletionRequestedAt: Date }[]> {
  const rows = await db
    .select({ id: companies.id, deletionRequestedAt: companies.deletionRequestedAt })
    .from(companies)
    .where(and(isNotNull(companies.deletionRequestedAt), lte(companies.deletionRequestedAt, graceOverAt(now))));
  return rows.map((row) => ({ id: row.id, deletionRequestedAt: row.deletionRequestedAt! }));
}

/**
 * Deletes the company, only if its deletion is still asked for and its grace period is over at `now`:
 * every table with a company_id cascades from it, and the tables without one from their parent rows.
 * Answers whether it was deleted.
 */
export async function purgeCompany(db: Executor, companyId: string, now: Date): Promise<boolean> {
  const rows = await db
    .delete(companies)
    .where(
      and(
        eq(companies.id, companyId),
        isNotNull(companies.deletionRequestedAt),
        lte(companies.deletionRequestedAt, graceOverAt(now)),
      ),
    )
    .returning({ id: companies.id });
  return rows.length > 0;
}
