import { type Currency, currencyOrDefault } from "@foreman/contract";
import { eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { companies } from "#server/db/schema/index.ts";

/** The company's main currency: the one sales indicators total completed orders in. */
export async function findCompanyCurrency(db: Executor, companyId: string): Promise<Currency> {
  const [row] = await db
    .select({ currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return currencyOrDefault(row?.currency);
}
