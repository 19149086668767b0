import { type Currency, currencyOrDefault } from "@foreman/contract";
import { asc, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { aiEmployees, companies } from "#server/db/schema/index.ts";

/** The company's main currency: the one sales indicators total completed orders in. */
export async function findCompanyCurrency(db: Executor, companyId: string): Promise<Currency> {
  const [row] = await db
    .select({ currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return currencyOrDefault(row?.currency);
}

export async function setCompanyCurrency(db: Executor, companyId: string, currency: Currency): Promise<void> {
  await db.update(companies).set({ currency }).where(eq(companies.id, companyId));
}

/** A department's AI employees in a stable order (the seed assigns leads and conversations to them). */
export async function listEmployees(db: Executor, departmentId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: aiEmployees.id, name: aiEmployees.name })
    .from(aiEmployees)
    .where(eq(aiEmployees.departmentId, departmentId))
    .orderBy(asc(aiEmployees.name));
}
