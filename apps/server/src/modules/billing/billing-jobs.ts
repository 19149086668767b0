import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { companyJobHandler, type JobHandler, type JobQueue } from "../jobs/index.ts";
import { requestCompanyJob } from "./billing-sync-request.ts";
import { storeClosedMonths } from "./computed-invoices.ts";
import type { StripeClient } from "./stripe-client.ts";
import { applyStripeEvent } from "./stripe-event-apply.ts";
import { findPendingStripeEvents, noteStripeEventError } from "./stripe-events.repository.ts";
import { syncSubscription } from "./stripe-sync.ts";

// The billing module's two jobs, one per company at a time in practice (billing-sync-request.ts):
// `billing_sync` after a number is bought or released, `stripe_event` after Stripe's webhooks.

export type BillingJobDeps = {
  db: Db;
  queue: JobQueue;
  config: Pick<Config, "appUrl" | "mail">;
  stripe: StripeClient | null;
};

/** Events applied per run; a company with more gets another run. */
const EVENTS_PER_RUN = 100;

export function billingSyncHandler(deps: BillingJobDeps): JobHandler {
  return companyJobHandler(async (job) => {
    if (!deps.stripe) {
      // Nothing to charge: the computed invoices of closed months are stored ahead of being read.
      await storeClosedMonths(deps.db, job.companyId, new Date());
      return { status: "done" };
    }
    await syncSubscription({ db: deps.db, stripe: deps.stripe }, job.companyId, job.id);
    return { status: "done" };
  });
}

export function stripeEventHandler(deps: BillingJobDeps): JobHandler {
  return companyJobHandler(async (job) => {
    const pending = await findPendingStripeEvents(deps.db, job.companyId, EVENTS_PER_RUN);
    for (const row of pending) {
      try {
        await applyStripeEvent(deps, row);
      } catch (error) {
        // Left pending, with why; the job retries it (and the company's later events wait behind it).
        await noteStripeEventError(deps.db, row.id, error instanceof Error ? error.message : String(error));
        throw error;
      }
    }
    if (pending.length === EVENTS_PER_RUN) {
      await deps.db.transaction((tx) => requestCompanyJob(tx, deps.queue, "stripe_event", job.companyId));
      deps.queue.wake();
    }
    return { status: "done" };
  });
}
