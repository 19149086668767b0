import { INVOICE_STATUS_LABELS, type Invoice } from "@foreman/contract";
import { openPdfDocument, PDF_LEFT, type PdfColumn, pdfMoney, pdfTable, pdfTotal } from "#server/lib/pdf-document.ts";

export type InvoicePdfFacts = { companyName: string; billingEmail: string | null; charged: boolean };

// The lines' columns, 495pt in all (lib/pdf-document.ts).
const COLUMNS: readonly PdfColumn[] = [
  { title: "Description", width: 330, align: "left" },
  { title: "Days", width: 55, align: "right" },
  { title: "Amount", width: 110, align: "right" },
];

/** "November 2026" for the month an invoice covers. */
function monthText(periodStart: string): string {
  return new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${periodStart}T00:00:00Z`),
  );
}

/** The invoice as a one-page document: number, period, company, billing email, lines, total, status. */
export async function renderInvoicePdf(invoice: Invoice, facts: InvoicePdfFacts): Promise<Buffer> {
  const { doc, done } = await openPdfDocument({ Title: `Invoice ${invoice.number}`, Author: "Foreman" });
  const money = (cents: number) => pdfMoney(cents, invoice.currency);

  doc.font("Helvetica-Bold").fontSize(18).text("Foreman invoice");
  doc.moveDown(0.5);
  doc.font("Helvetica").fontSize(11);
  doc.text(`Invoice ${invoice.number}`);
  doc.text(`Period: ${invoice.periodStart} to ${invoice.periodEnd} (${monthText(invoice.periodStart)})`);
  doc.text(`Status: ${INVOICE_STATUS_LABELS[invoice.status]}`);
  doc.moveDown();

  doc.font("Helvetica-Bold").fontSize(12).text("Billed to");
  doc.font("Helvetica").fontSize(11).text(facts.companyName);
  if (facts.billingEmail) doc.text(facts.billingEmail);
  doc.moveDown();

  const row = pdfTable(doc, "Phone numbers", COLUMNS);
  if (invoice.lines.length === 0) row(["No charges in this period", "", ""]);
  for (const line of invoice.lines) row([line.description, String(line.days), money(line.amountCents)]);
  doc.moveDown();

  pdfTotal(doc, "Total", money(invoice.totalCents), true);
  doc.moveDown();
  doc.font("Helvetica").fontSize(9).fillColor("#555555");
  doc.text(
    facts.charged
      ? `Amounts in ${invoice.currency}. Each number costs its monthly price per day held.`
      : `Amounts in ${invoice.currency}. Each number costs its monthly price per day held. Payments are not set up on this server: this invoice was computed and not charged.`,
    PDF_LEFT,
  );

  doc.end();
  return done;
}
