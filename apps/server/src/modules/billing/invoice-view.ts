import type { Invoice } from "@foreman/contract";
import type { InvoiceRow } from "./invoices.repository.ts";

/** Our PDF of an invoice, under the company's scope like every other record. */
export const invoicePdfPath = (id: string) => `/app/invoices/${id}.pdf`;

/** A stored invoice as the API shows it. */
export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number ?? row.stripeInvoiceId ?? row.id,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    lines: row.lines,
    totalCents: row.totalCents,
    currency: row.currency,
    status: row.status,
    pdfUrl: invoicePdfPath(row.id),
    hostedUrl: row.hostedUrl,
  };
}
