import type { Currency } from "@foreman/contract";
import { eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { companies } from "#server/db/schema/index.ts";

// Company set-up for the demo seed and the benchmarks.

export async function setCompanyCurrency(db: Executor, companyId: string, currency: Currency): Promise<void> {
  await db.update(companies).set({ currency }).where(eq(companies.id, companyId));
}
