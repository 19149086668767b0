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
