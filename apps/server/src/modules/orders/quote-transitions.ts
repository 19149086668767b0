import { type OrderState, QUOTE_TRANSITIONS, type QuoteTransition } from "@foreman/contract";
import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Executor } from "#server/db/client.ts";
import { leads, type Quote, quotes } from "#server/db/schema/index.ts";

// Every change of a quote's state, in one place: send, revise, discount, confirm and cancel. Each is one
// conditional UPDATE whose condition holds the states it may start from (contract `QUOTE_TRANSITIONS`),
// so a quote that moved on meanwhile matches no row and is left as it is; the caller gets null. Every
// write of a quote's lines, money or state bumps its `version`; confirming and discounting also apply
// only at the version the caller saw.

/** The `set` entry every change of a quote carries. */
export const nextVersion = () => ({ version: sql<number>`${quotes.version} + 1` });

const theQuote = (companyId: string, quoteId: string) => and(eq(quotes.companyId, companyId), eq(quotes.id, quoteId));

/** The transition's allowed-from states, narrowed to `states` when given. */
const from = (name: QuoteTransition, states?: readonly OrderState[]) =>
  inArray(
    quotes.state,
    QUOTE_TRANSITIONS[name].filter((state) => !states || states.includes(state)),
  );

const atVersion = (version: number) => eq(quotes.version, version);

async function transition(
  tx: Executor,
  set: PgUpdateSetSource<typeof quotes>,
  where: SQL | undefined,
): Promise<Quote | null> {
  const [row] = await tx
    .update(quotes)
    .set({ ...set, ...nextVersion() })
    .where(where)
    .returning();
  return row ?? null;
}

/** Marks an open quote sent to the customer; null when it is no longer open. */
export function sendOpenQuote(tx: Executor, companyId: string, quoteId: string): Promise<Quote | null> {
  return transition(tx, { state: "sent" }, and(theQuote(companyId, quoteId), from("send")));
}

/** The money of a quote, as its lines add up. */
export type QuoteMoney = {
  currency: string;
  subtotalCents: number;
  discountPercent: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
};

/**
 * Gives an open quote new money (its lines are replaced by the caller in the same transaction). A quote
 * the customer was sent stays sent, since they hold a copy of it; any other goes back to draft. Null when
 * it is no longer open: the caller starts a new quote rather than change an order or a cancelled one.
 */
export function reviseOpenQuote(
  tx: Executor,
  companyId: string,
  quoteId: string,
  money: QuoteMoney,
): Promise<Quote | null> {
  const state = sql<OrderState>`case when ${quotes.state} = 'sent' then 'sent' else 'draft' end`;
  return transition(tx, { ...money, state }, and(theQuote(companyId, quoteId), from("revise")));
}

/** Sets the discount of an open quote at `version`, recomputed on its subtotal; null when it changed or closed. */
export function discountOpenQuote(
  tx: Executor,
  companyId: string,
  quoteId: string,
  percent: number,
  version: number,
): Promise<Quote | null> {
  const discountCents = sql`least(${quotes.subtotalCents}, round(${quotes.subtotalCents} * ${percent}::numeric / 100))::int`;
  return transition(
    tx,
    {
      discountPercent: percent,
      discountCents,
      totalCents: sql`${quotes.subtotalCents} - ${discountCents} + ${quotes.taxCents}`,
    },
    and(theQuote(companyId, quoteId), from("discount"), atVersion(version)),
  );
}

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
  const row = await transition(
    tx,
    { state: "confirmed" },
    and(theQuote(companyId, quoteId), from("confirm"), atVersion(version)),
  );
  if (!row) return null;
  if (row.leadId)
    await tx
      .update(leads)
      .set({ stage: "won", wonAt: new Date() })
      .where(and(eq(leads.companyId, companyId), eq(leads.id, row.leadId), ne(leads.stage, "won")));
  return row;
}

/**
 * Cancels a quote or order still in one of `states` (by default every cancellable one; a caller who may
 * not cancel placed orders passes fewer). States outside the cancel transition's are never cancelled
 * from, whatever is passed. Of two concurrent cancels only one matches the row. Null when this call did
 * not cancel it.
 */
export function cancelQuoteOrOrder(
  tx: Executor,
  companyId: string,
  quoteId: string,
  states: readonly OrderState[] = QUOTE_TRANSITIONS.cancel,
): Promise<Quote | null> {
  return transition(tx, { state: "cancelled" }, and(theQuote(companyId, quoteId), from("cancel", states)));
}

/** The quote, locked until the transaction ends (an approval compares and applies without a change between). */
export async function lockQuote(tx: Executor, companyId: string, quoteId: string): Promise<Quote | null> {
  const [row] = await tx.select().from(quotes).where(theQuote(companyId, quoteId)).for("update");
  return row ?? null;
}
