// What every PDF the product writes shares (orders' quotes, billing's invoices): pdfkit loaded on the
// first document rather than at start-up, the document collected into one Buffer, and money written in
// the currency's own minor units.

type PdfKit = typeof import("pdfkit");
export type PdfDocument = InstanceType<PdfKit>;

/** An A4 document with 50pt margins, and the Buffer it will be once `doc.end()` is called. */
export async function openPdfDocument(info: { Title: string; Author: string }): Promise<{
  doc: PdfDocument;
  done: Promise<Buffer>;
}> {
  // Loaded on the first PDF, not at start-up: pdfkit and its font tooling are most of a cold start.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: 50, info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Money from cents for a document people pay from: every amount in the currency's own minor units
 * ($1,701.00 and $136.08; CLP without decimals), so the columns line up and nothing is rounded away.
 */
export function pdfMoney(cents: number, currency: string): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { style: "currency", currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}

// A4 with 50pt margins: tables start at the left margin and span the 495pt between the margins.
export const PDF_LEFT = 50;
export const PDF_WIDTH = 495;

export type PdfColumn = { readonly title: string; readonly width: number; readonly align: "left" | "right" };

/**
 * A table under a title: the header row with a rule beneath it, then each `row` as tall as its tallest
 * cell, starting a new page when the current one runs out. Returns the function that writes a row.
 */
export function pdfTable(doc: PdfDocument, title: string, columns: readonly PdfColumn[]) {
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    const y = doc.y;
    let x = PDF_LEFT;
    let bottom = y;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.text(cell, x, y, { width: column.width - 6, align: column.align });
      bottom = Math.max(bottom, doc.y);
      x += column.width;
    });
    doc.x = PDF_LEFT;
    doc.y = bottom + 4;
    if (doc.y > doc.page.height - 120) doc.addPage();
  };
  doc.font("Helvetica-Bold").fontSize(12).text(title);
  doc.moveDown(0.3);
  row(
    columns.map((column) => column.title),
    true,
  );
  doc
    .moveTo(PDF_LEFT, doc.y - 2)
    .lineTo(PDF_LEFT + PDF_WIDTH, doc.y - 2)
    .strokeColor("#cccccc")
    .stroke();
  return row;
}

/** A label and its amount at the foot of a table, right-aligned under the last columns. */
export function pdfTotal(doc: PdfDocument, label: string, amount: string, bold = false) {
  doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(bold ? 12 : 11);
  const y = doc.y;
  doc.text(label, PDF_LEFT + 250, y, { width: 140, align: "right" });
  doc.text(amount, PDF_LEFT + 390, y, { width: PDF_WIDTH - 390, align: "right" });
  doc.x = PDF_LEFT;
}
