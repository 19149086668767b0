import { CHANGEABLE_QUOTE_STATES } from "@foreman/contract";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { leads, type Quote, quotes } from "#server/db/schema/index.ts";

// The quote's changes that approvals depend on, in one place. Every write of a quote's lines, money or
// state bumps its `version`; confirming and discounting happen only from an open state and only at the
// version the caller saw, in one conditional UPDATE (a quote changed meanwhile matches no row).

/** The `set` entry every change of a quote carries. */
export const nextVersion = () => ({ version: sql<number>`${quotes.version} + 1` });

const openAt = (companyId: string, quoteId: string, version: number) =>
  and(
    eq(quotes.companyId, companyId),
    eq(quotes.id, quoteId),
    inArray(quotes.state, [...CHANGEABLE_QUOTE_STATES]),
    eq(quotes.version, version),
  );

/**
 * Confirms an open quote as an order, if it is still at `version`: the one confirmation both the AI's
 * confirm_order and an authorized order go through. Its lead is won (only a confirmed order wins a
 * lead). The confirmed row, or null when the quote is no longer open or changed since `version`.
 */
export async function confirmOpenQuote(
  tx: Executor,
  companyId: string,
  quoteId: string,
  version: number,
): Promise<Quote | null> {
  const [row] = await tx
    .update(quotes)
    .set({ state: "confirmed", ...nextVersion() })
    .where(openAt(companyId, quoteId, version))
    .returning();
  if (!row) return null;
  if (row.leadId)
    await tx
      .update(leads)
      .set({ stage: "won", wonAt: new Date() })
      .where(and(eq(leads.companyId, companyId), eq(leads.id, row.leadId), ne(leads.stage, "won")));
  return row;
}

/** Sets the discount of an open quote at `version`, recomputed on its subtotal; null when it changed or closed. */
export async function discountOpenQuote(
  tx: Executor,
  companyId: string,
  quoteId: string,
  percent: number,
  version: number,
): Promise<Quote | null> {
  const discountCents = sql`least(${quotes.subtotalCents}, round(${quotes.subtotalCents} * ${percent}::numeric / 100))::int`;
  const [row] = await tx
    .update(quotes)
    .set({
      discountPercent: percent,
      discountCents,
      totalCents: sql`${quotes.subtotalCents} - ${discountCents} + ${quotes.taxCents}`,
      ...nextVersion(),
    })
    .where(openAt(companyId, quoteId, version))
    .returning();
  return row ?? null;
}

/** Marks an open quote sent to the customer; null when it is no longer open. */
export async function sendOpenQuote(tx: Executor, companyId: string, quoteId: string): Promise<Quote | null> {
  const [row] = await tx
    .update(quotes)
    .set({ state: "sent", ...nextVersion() })
    .where(
      and(eq(quotes.companyId, companyId), eq(quotes.id, quoteId), inArray(quotes.state, [...CHANGEABLE_QUOTE_STATES])),
    )
    .returning();
  return row ?? null;
}

/** The quote, locked until the transaction ends (an approval compares and applies without a change between). */
export async function lockQuote(tx: Executor, companyId: string, quoteId: string): Promise<Quote | null> {
  const [row] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.companyId, companyId), eq(quotes.id, quoteId)))
    .for("update");
  return row ?? null;
}
