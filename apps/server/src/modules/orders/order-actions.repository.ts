import type { OrderState } from "@foreman/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { companies, quotes } from "#server/db/schema/index.ts";
import { nextVersion } from "./quote-transitions.ts";

/**
 * Cancels the company's quote if it is still in one of `states` (the cancellable states the caller may
 * cancel from), in one conditional UPDATE: of two concurrent cancels only one matches the row (the other
 * re-checks the state after the first commits and finds it cancelled). The quote's number when this call
 * cancelled it, else null.
 */
export async function cancelQuoteIfOpen(
  db: Executor,
  companyId: string,
  id: string,
  states: readonly OrderState[],
): Promise<{ number: number } | null> {
  const updated = await db
    .update(quotes)
    .set({ state: "cancelled", ...nextVersion() })
    .where(and(eq(quotes.companyId, companyId), eq(quotes.id, id), inArray(quotes.state, [...states])))
    .returning({ number: quotes.number });
  return updated[0] ?? null;
}

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
