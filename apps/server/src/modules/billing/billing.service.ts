import {
  type BillingOverview,
  billingPeriodOf,
  type Invoices,
  type InvoicesQuery,
  nextBillingPeriod,
  PAYMENT_FAILED_ADVICE,
  PHONE_NUMBER_CURRENCY,
  periodCharges,
  type UpdateBilling,
  utcDay,
} from "@foreman/contract";
import type { Config } from "#server/config.ts";
import type { Db, Executor } from "#server/db/client.ts";
import { notFound } from "#server/lib/http-error.ts";
import { isUuid } from "#server/lib/uuid.ts";
import {
  type BillingAccountRow,
  findBillingAccount,
  findCompanyName,
  findFirstOwnerEmail,
  updateBillingAccount,
} from "./billing-accounts.repository.ts";
import { storeClosedMonths } from "./computed-invoices.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import { toInvoice } from "./invoice-view.ts";
import { findInvoice, findInvoicesPage, findStripeInvoice } from "./invoices.repository.ts";
import { findActiveNumbers, findNumberUsage } from "./phone-usage.repository.ts";

// Settings → Billing: what the company's numbers cost this month so far, its invoices and their PDFs,
// and where billing mail goes.

export type BillingDeps = { db: Db; config: Pick<Config, "billing" | "appUrl" | "mail"> };

const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** Where billing mail goes: the address set in the billing tab, else the first owner's. */
export async function billingEmailOf(db: Executor, companyId: string, account: BillingAccountRow | null) {
  return account?.billingEmail ?? (await findFirstOwnerEmail(db, companyId));
}

/** `GET /app/billing.json`. Reads only: a company that never opened the tab has no account row. */
export async function getBillingOverview(deps: BillingDeps, companyId: string, now: Date): Promise<BillingOverview> {
  const { db } = deps;
  const account = await findBillingAccount(db, companyId);
  const period = billingPeriodOf(now);
  // The whole month is read (a number bought this very moment included); the rule stops at today.
  const usage = await findNumberUsage(
    db,
    companyId,
    startOf(period.periodStart),
    startOf(nextBillingPeriod(period).periodStart),
  );
  const { lines, totalCents } = periodCharges(usage, period, utcDay(now));
  const active = await findActiveNumbers(db, companyId);
  let paymentProblem: BillingOverview["paymentProblem"] = null;
  if (account?.paymentFailedAt) {
    const failed = account.paymentFailedInvoiceId
      ? await findStripeInvoice(db, companyId, account.paymentFailedInvoiceId)
      : null;
    paymentProblem = {
      message: PAYMENT_FAILED_ADVICE,
      invoiceId: failed?.id ?? null,
      at: account.paymentFailedAt.toISOString(),
    };
  }
  return {
    provider: deps.config.billing.provider,
    billingEmail: await billingEmailOf(db, companyId, account),
    currentPeriod: {
      periodStart: period.periodStart,
      periodEnd: period.periodEnd,
      lines,
      totalCents,
      currency: lines[0]?.currency ?? PHONE_NUMBER_CURRENCY,
    },
    activeNumbers: active.count,
    monthlyCostCents: active.monthlyCents,
    subscription: {
      status: account?.subscriptionStatus ?? "none",
      quantity: account?.quantity ?? 0,
      paymentMethod:
        account?.paymentMethodBrand && account.paymentMethodLast4
          ? { brand: account.paymentMethodBrand, last4: account.paymentMethodLast4 }
          : null,
    },
    paymentProblem,
  };
}

/** `PATCH /app/billing.json` (owners and admins, checked by the route). */
export async function updateBilling(deps: BillingDeps, companyId: string, patch: UpdateBilling, now: Date) {
  await updateBillingAccount(deps.db, companyId, { billingEmail: patch.billingEmail });
  return getBillingOverview(deps, companyId, now);
}

/**
 * `GET /app/invoices.json`: without Stripe the closed months are stored first (once each); with Stripe
 * the invoices are those its webhooks mirrored (and any computed before Stripe was set up).
 */
export async function listInvoices(
  deps: BillingDeps,
  companyId: string,
  query: InvoicesQuery,
  now: Date,
): Promise<Invoices> {
  if (deps.config.billing.provider === "none") await storeClosedMonths(deps.db, companyId, now);
  const { rows, total } = await findInvoicesPage(deps.db, companyId, {
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
  return { invoices: rows.map(toInvoice), total, page: query.page, perPage: query.perPage };
}

/** `GET /app/invoices/{id}.pdf`: another company's invoice, or none, is a 404. */
export async function invoicePdf(deps: BillingDeps, companyId: string, id: string) {
  const row = isUuid(id) ? await findInvoice(deps.db, companyId, id) : null;
  if (!row) throw notFound("Invoice not found");
  const invoice = toInvoice(row);
  const account = await findBillingAccount(deps.db, companyId);
  const pdf = await renderInvoicePdf(invoice, {
    companyName: (await findCompanyName(deps.db, companyId)) ?? "",
    billingEmail: await billingEmailOf(deps.db, companyId, account),
    charged: row.stripeInvoiceId !== null,
  });
  return { pdf, fileName: `invoice-${invoice.number.replace(/[^\w.-]+/g, "_")}.pdf` };
}
