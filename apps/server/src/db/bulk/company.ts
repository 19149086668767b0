import type { Currency } from "@foreman/contract";
import { asc, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { aiEmployees, companies } from "#server/db/schema/index.ts";

// Company set-up for the demo seed and the benchmarks.

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
