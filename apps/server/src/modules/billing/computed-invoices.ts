import {
  billingPeriodOf,
  closedPeriodsSince,
  computedInvoiceNumber,
  nextBillingPeriod,
  PHONE_NUMBER_CURRENCY,
  periodCharges,
} from "@foreman/contract";
import type { Executor } from "#server/db/client.ts";
import { type ComputedInvoice, findLatestComputedPeriod, insertComputedInvoices } from "./invoices.repository.ts";
import { findFirstPurchase, findNumberUsage } from "./phone-usage.repository.ts";

// Without Stripe, each closed month in which the company held a number is an invoice of ours, "not
// charged". A closed month never changes, so it is stored once (and so has an id, and another company's
// answers 404): the first time the invoices are read after the month closes, or by the billing job.

const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** Stores the computed invoices of the closed months not stored yet. Safe to run twice at once. */
export async function storeClosedMonths(db: Executor, companyId: string, now: Date): Promise<void> {
  const firstPurchase = await findFirstPurchase(db, companyId);
  if (!firstPurchase) return;
  const latest = await findLatestComputedPeriod(db, companyId);
  const since = latest ? nextBillingPeriod(billingPeriodOf(latest)).periodStart : firstPurchase;
  const periods = closedPeriodsSince(since, now);
  if (periods.length === 0) return;
  const usage = await findNumberUsage(
    db,
    companyId,
    startOf(periods[0]!.periodStart),
    startOf(billingPeriodOf(now).periodStart),
  );
  const invoices: ComputedInvoice[] = [];
  for (const period of periods) {
    const { lines, totalCents } = periodCharges(usage, period);
    if (lines.length === 0) continue;
    invoices.push({
      companyId,
      number: computedInvoiceNumber(companyId, period.periodStart),
      periodStart: period.periodStart,
      periodEnd: period.periodEnd,
      lines,
      totalCents,
      currency: lines[0]?.currency ?? PHONE_NUMBER_CURRENCY,
    });
  }
  await insertComputedInvoices(db, invoices);
}
