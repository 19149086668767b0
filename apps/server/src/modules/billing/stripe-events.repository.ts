import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { stripeEvents } from "#server/db/schema/index.ts";

// stripe_events (this module writes it): every verified delivery by Stripe's event id, so a replay is
// stored once and applied once.

export type StripeEventRow = typeof stripeEvents.$inferSelect;
export type NewStripeEvent = {
  id: string;
  type: string;
  companyId: string | null;
  payload: unknown;
  stripeCreatedAt: Date;
  /** Set for an event nothing will apply (no company of ours), with why. */
  processed?: { error: string };
};

/** Stores the event unless its id is already stored; answers whether it was new. */
export async function insertStripeEvent(db: Executor, event: NewStripeEvent): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({
      id: event.id,
      type: event.type,
      companyId: event.companyId,
      payload: event.payload,
      stripeCreatedAt: event.stripeCreatedAt,
      ...(event.processed ? { processedAt: sql`now()`, error: event.processed.error } : {}),
    })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

/** The company's events not applied yet, in the order Stripe made them. */
export async function findPendingStripeEvents(
  db: Executor,
  companyId: string,
  limit: number,
): Promise<StripeEventRow[]> {
  return db
    .select()
    .from(stripeEvents)
    .where(and(eq(stripeEvents.companyId, companyId), isNull(stripeEvents.processedAt)))
    .orderBy(asc(stripeEvents.stripeCreatedAt), asc(stripeEvents.receivedAt), asc(stripeEvents.id))
    .limit(limit);
}

/**
 * Marks the event applied, in the transaction that applies it: of two workers, one gets true (the other
 * waits on the row, then finds it taken).
 */
export async function claimStripeEvent(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx
    .update(stripeEvents)
    .set({ processedAt: sql`now()`, error: null })
    .where(and(eq(stripeEvents.id, id), isNull(stripeEvents.processedAt)))
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

/** Notes why applying the event failed (it stays pending, and its job retries). */
export async function noteStripeEventError(db: Executor, id: string, error: string): Promise<void> {
  await db
    .update(stripeEvents)
    .set({ error: error.slice(0, 1000) })
    .where(and(eq(stripeEvents.id, id), isNull(stripeEvents.processedAt)));
}
