import { INVOICE_STATUS_LABELS, type Invoice } from "@foreman/contract";
import { openPdfDocument, pdfMoney } from "#server/lib/pdf-document.ts";

export type InvoicePdfFacts = { companyName: string; billingEmail: string | null; charged: boolean };

// A4 with 50pt margins: 495pt of usable width, split into the lines' columns.
const LEFT = 50;
const WIDTH = 495;
const COLUMNS = [
  { title: "Description", width: 330, align: "left" },
  { title: "Days", width: 55, align: "right" },
  { title: "Amount", width: 110, align: "right" },
] as const;

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

  const row = (cells: string[], bold = false) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    const y = doc.y;
    let x = LEFT;
    let bottom = y;
    cells.forEach((cell, i) => {
      const column = COLUMNS[i]!;
      doc.text(cell, x, y, { width: column.width - 6, align: column.align });
      bottom = Math.max(bottom, doc.y);
      x += column.width;
    });
    doc.x = LEFT;
    doc.y = bottom + 4;
    if (doc.y > doc.page.height - 120) doc.addPage();
  };
  doc.font("Helvetica-Bold").fontSize(12).text("Phone numbers");
  doc.moveDown(0.3);
  row(
    COLUMNS.map((column) => column.title),
    true,
  );
  doc
    .moveTo(LEFT, doc.y - 2)
    .lineTo(LEFT + WIDTH, doc.y - 2)
    .strokeColor("#cccccc")
    .stroke();
  if (invoice.lines.length === 0) row(["No charges in this period", "", ""]);
  for (const line of invoice.lines) row([line.description, String(line.days), money(line.amountCents)]);
  doc.moveDown();

  doc.font("Helvetica-Bold").fontSize(12);
  const y = doc.y;
  doc.text("Total", LEFT + 250, y, { width: 140, align: "right" });
  doc.text(money(invoice.totalCents), LEFT + 390, y, { width: WIDTH - 390, align: "right" });
  doc.x = LEFT;
  doc.moveDown();
  doc.font("Helvetica").fontSize(9).fillColor("#555555");
  doc.text(
    facts.charged
      ? `Amounts in ${invoice.currency}. Each number costs its monthly price per day held.`
      : `Amounts in ${invoice.currency}. Each number costs its monthly price per day held. Payments are not set up on this server: this invoice was computed and not charged.`,
    LEFT,
  );

  doc.end();
  return done;
}
