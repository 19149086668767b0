import { and, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { companies, quotes } from "#server/db/schema/index.ts";

/** The quote's state, or null when the company has no such quote. */
export async function findQuoteState(db: Executor, companyId: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ state: quotes.state })
    .from(quotes)
    .where(and(eq(quotes.companyId, companyId), eq(quotes.id, id)))
    .limit(1);
  return row?.state ?? null;
}

export async function findCompanyName(db: Executor, companyId: string): Promise<string> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.name ?? "";
}
