import { formatLongDate, orderStatusLabel, type QuoteDetail } from "@foreman/contract";
import { openPdfDocument, PDF_LEFT, type PdfColumn, pdfMoney, pdfTable, pdfTotal } from "#server/lib/pdf-document.ts";

export type QuotePdfOptions = { companyName: string };

function quantityText(quantity: number, measureUnit: string): string {
  const amount = Number.isInteger(quantity) ? String(quantity) : String(Math.round(quantity * 1000) / 1000);
  return `${amount} ${measureUnit}`;
}

// The item table's columns, 495pt in all (lib/pdf-document.ts).
const COLUMNS: readonly PdfColumn[] = [
  { title: "SKU", width: 75, align: "left" },
  { title: "Product", width: 170, align: "left" },
  { title: "Quantity", width: 70, align: "right" },
  { title: "Unit price", width: 85, align: "right" },
  { title: "Total", width: 95, align: "right" },
];

/** The quote or order as a one-document PDF: company, order, customer, delivery address, items, totals. */
export async function renderQuotePdf(quote: QuoteDetail, options: QuotePdfOptions): Promise<Buffer> {
  const { doc, done } = await openPdfDocument({ Title: `Order ${quote.number}`, Author: options.companyName });
  const money = (cents: number) => pdfMoney(cents, quote.currency);

  doc
    .font("Helvetica-Bold")
    .fontSize(18)
    .text(options.companyName || "Order");
  doc.moveDown(0.5);
  doc.font("Helvetica").fontSize(11);
  doc.text(`Order #${quote.number}`);
  doc.fontSize(9).fillColor("#555555").text(`Order ID: ${quote.id}`).fillColor("black").fontSize(11);
  doc.text(`Date: ${formatLongDate(quote.createdAt)}`);
  doc.text(`Status: ${orderStatusLabel(quote.state)}`);
  doc.moveDown();

  const section = (title: string, lines: string[], empty: string) => {
    doc.font("Helvetica-Bold").fontSize(12).text(title);
    doc.font("Helvetica").fontSize(11);
    const present = lines.filter((line) => line.trim() !== "");
    for (const line of present.length > 0 ? present : [empty]) doc.text(line);
    doc.moveDown();
  };
  const c = quote.customer;
  section(
    "Customer",
    c ? [c.fullName, c.email ?? "", c.phone ?? "", c.organization ?? ""] : [],
    "No customer information found.",
  );
  const a = quote.deliveryAddress;
  section(
    "Delivery address",
    a ? [a.line1, a.line2 ?? "", [a.city, a.region, a.postalCode].filter(Boolean).join(", "), a.country] : [],
    "No delivery address found.",
  );

  const row = pdfTable(doc, "Items", COLUMNS);
  if (quote.lineItems.length === 0) row(["", "No items found in this order", "", "", ""]);
  for (const item of quote.lineItems) {
    row([
      item.sku,
      item.productName,
      quantityText(item.quantity, item.measureUnit),
      money(item.unitPriceCents),
      money(item.totalCents),
    ]);
  }
  doc.moveDown();

  const total = (label: string, cents: number, bold = false) => pdfTotal(doc, label, money(cents), bold);
  total("Subtotal", quote.subtotalCents);
  total("Tax", quote.taxCents);
  total("Total", quote.totalCents, true);
  doc.moveDown();
  doc.font("Helvetica").fontSize(9).fillColor("#555555").text(`Amounts in ${quote.currency}.`, PDF_LEFT);

  doc.end();
  return done;
}
