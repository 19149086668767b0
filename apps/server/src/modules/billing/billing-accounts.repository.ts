import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import {
  type billingAccounts as accountsTable,
  billingAccounts,
  companies,
  memberships,
  users,
} from "#server/db/schema/index.ts";

// billing_accounts (this module writes it), and what billing reads of the company and its owners.

export type BillingAccountRow = typeof accountsTable.$inferSelect;
export type BillingAccountPatch = Partial<Omit<BillingAccountRow, "companyId" | "updatedAt">>;

export async function findBillingAccount(db: Executor, companyId: string): Promise<BillingAccountRow | null> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.companyId, companyId));
  return row ?? null;
}

/** The account whose Stripe customer this is (how Stripe's events find their company). */
export async function findBillingAccountByCustomer(
  db: Executor,
  customerId: string,
): Promise<BillingAccountRow | null> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.stripeCustomerId, customerId));
  return row ?? null;
}

/** The company's account, created empty when it has none yet, locked until the transaction ends. */
export async function lockBillingAccount(tx: Executor, companyId: string): Promise<BillingAccountRow> {
  await tx.insert(billingAccounts).values({ companyId }).onConflictDoNothing();
  const [row] = await tx.select().from(billingAccounts).where(eq(billingAccounts.companyId, companyId)).for("update");
  return row!;
}

export async function updateBillingAccount(tx: Executor, companyId: string, patch: BillingAccountPatch) {
  await tx
    .insert(billingAccounts)
    .values({ companyId, ...patch })
    .onConflictDoUpdate({ target: billingAccounts.companyId, set: { ...patch, updatedAt: sql`now()` } });
}

/**
 * Links the Stripe customer to the company unless it already has one; answers the customer the company
 * has now (the one given, or the one another request linked first).
 */
export async function linkStripeCustomer(tx: Executor, companyId: string, customerId: string): Promise<string> {
  await tx.insert(billingAccounts).values({ companyId }).onConflictDoNothing();
  await tx
    .update(billingAccounts)
    .set({ stripeCustomerId: customerId, updatedAt: sql`now()` })
    .where(and(eq(billingAccounts.companyId, companyId), isNull(billingAccounts.stripeCustomerId)));
  const [row] = await tx
    .select({ customerId: billingAccounts.stripeCustomerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.companyId, companyId));
  return row!.customerId!;
}

/** The company's name, or null when there is no such company. */
export async function findCompanyName(db: Executor, companyId: string): Promise<string | null> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? null;
}

/** The first owner's address (the company's founder, usually): where billing mail goes until one is set. */
export async function findFirstOwnerEmail(db: Executor, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.role, "owner")))
    .orderBy(asc(memberships.createdAt), asc(users.email))
    .limit(1);
  return row?.email ?? null;
}
