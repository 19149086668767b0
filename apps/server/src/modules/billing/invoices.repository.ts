import { and, desc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { type BillingLineColumn, billingInvoices } from "#server/db/schema/index.ts";

// billing_invoices (this module writes it): computed months (no Stripe id) and Stripe's, mirrored.

export type InvoiceRow = typeof billingInvoices.$inferSelect;

export type ComputedInvoice = {
  companyId: string;
  number: string;
  periodStart: string;
  periodEnd: string;
  lines: BillingLineColumn[];
  totalCents: number;
  currency: string;
};

/** Stores computed months; a month already stored stays as it was (one per company and month). */
export async function insertComputedInvoices(db: Executor, invoices: ComputedInvoice[]): Promise<void> {
  if (invoices.length === 0) return;
  await db
    .insert(billingInvoices)
    .values(invoices.map((invoice) => ({ ...invoice, status: "not_charged" as const })))
    .onConflictDoNothing({
      target: [billingInvoices.companyId, billingInvoices.periodStart],
      where: isNull(billingInvoices.stripeInvoiceId),
    });
}

/** The start of the newest computed month stored, or null. */
export async function findLatestComputedPeriod(db: Executor, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ periodStart: billingInvoices.periodStart })
    .from(billingInvoices)
    .where(and(eq(billingInvoices.companyId, companyId), isNull(billingInvoices.stripeInvoiceId)))
    .orderBy(desc(billingInvoices.periodStart))
    .limit(1);
  return row?.periodStart ?? null;
}

/** A page of the company's invoices, newest month first, and how many there are. */
export async function findInvoicesPage(
  db: Executor,
  companyId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const rows = await db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.companyId, companyId))
    .orderBy(desc(billingInvoices.periodStart), desc(billingInvoices.createdAt), desc(billingInvoices.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(billingInvoices)
    .where(eq(billingInvoices.companyId, companyId));
  return { rows, total: Number(count?.total ?? 0) };
}

export async function findInvoice(db: Executor, companyId: string, id: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.companyId, companyId), eq(billingInvoices.id, id)));
  return row ?? null;
}

/** Our row for a Stripe invoice of the company, or null. */
export async function findStripeInvoice(db: Executor, companyId: string, stripeInvoiceId: string) {
  const [row] = await db
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.companyId, companyId), eq(billingInvoices.stripeInvoiceId, stripeInvoiceId)));
  return row ?? null;
}

export type MirroredInvoice = Omit<ComputedInvoice, "number"> & {
  stripeInvoiceId: string;
  number: string | null;
  status: InvoiceRow["status"];
  hostedUrl: string | null;
  stripePdfUrl: string | null;
  /** The `created` of the event that told this state. */
  stripeUpdatedAt: Date;
};

/**
 * Writes Stripe's invoice as the event told it, unless a newer event already wrote it (Stripe's
 * deliveries come in any order). Answers whether it wrote.
 */
export async function upsertStripeInvoice(db: Executor, invoice: MirroredInvoice): Promise<boolean> {
  const { companyId: _company, stripeInvoiceId: _id, ...changes } = invoice;
  const written = await db
    .insert(billingInvoices)
    .values(invoice)
    .onConflictDoUpdate({
      target: billingInvoices.stripeInvoiceId,
      targetWhere: isNotNull(billingInvoices.stripeInvoiceId),
      set: changes,
      // The same company's only: an id is Stripe's, but a row never moves between companies.
      setWhere: and(
        eq(billingInvoices.companyId, invoice.companyId),
        lte(billingInvoices.stripeUpdatedAt, invoice.stripeUpdatedAt),
      ),
    })
    .returning({ id: billingInvoices.id });
  return written.length > 0;
}
