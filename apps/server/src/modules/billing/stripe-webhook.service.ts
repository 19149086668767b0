import type { Db } from "#server/db/client.ts";
import { isUuid } from "#server/lib/uuid.ts";
import type { JobQueue } from "../jobs/index.ts";
import { findBillingAccount, findBillingAccountByCustomer, findCompanyName } from "./billing-accounts.repository.ts";
import { requestCompanyJob } from "./billing-sync-request.ts";
import { insertStripeEvent } from "./stripe-events.repository.ts";
import { companyOfObject, customerOfObject, type StripeEvent } from "./stripe-objects.ts";

// A verified Stripe event: stored by its id (a replay is answered 200 and stored nothing), then applied
// by the company's `stripe_event` job (stripe-event-apply.ts), so Stripe gets its 2xx at once.

export type StripeWebhookDeps = { db: Db; queue: JobQueue };

/**
 * The company an event is about: the one whose Stripe customer it names; else, for a customer we made
 * but never recorded (a crash after Stripe answered), the company its metadata names, if that company
 * has no customer yet. Null: not one of ours.
 */
async function companyOfEvent(db: Db, event: StripeEvent): Promise<string | null> {
  const object = event.data.object;
  const customer = customerOfObject(object);
  if (customer) {
    const account = await findBillingAccountByCustomer(db, customer);
    if (account) return account.companyId;
  }
  const named = companyOfObject(object);
  if (!named || !isUuid(named) || (await findCompanyName(db, named)) === null) return null;
  const account = await findBillingAccount(db, named);
  return account?.stripeCustomerId ? null : named;
}

/** Stores the event and queues its company's job; answers false for an event already received. */
export async function receiveStripeEvent(deps: StripeWebhookDeps, event: StripeEvent): Promise<boolean> {
  const companyId = await companyOfEvent(deps.db, event);
  await deps.queue.prepare();
  const stored = await deps.db.transaction(async (tx) => {
    const inserted = await insertStripeEvent(tx, {
      id: event.id,
      type: event.type,
      companyId,
      payload: event,
      stripeCreatedAt: new Date(event.created * 1000),
      // Kept (so its replays are recognised) but never applied.
      ...(companyId ? {} : { processed: { error: "No company of this server has this Stripe customer" } }),
    });
    if (inserted && companyId) await requestCompanyJob(tx, deps.queue, "stripe_event", companyId);
    return inserted;
  });
  if (stored) deps.queue.wake();
  return stored;
}
