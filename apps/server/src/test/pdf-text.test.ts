import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { pdfText } from "./pdf-text.ts";

function render(compress: boolean, lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ compress });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  for (const line of lines) doc.text(line);
  doc.end();
  return done;
}

// The test helper itself must find text, or a PDF test could pass on nothing.
describe("pdfText", () => {
  it.each([true, false])("reads back kerned, accented text (compress: %s)", async (compress) => {
    const pdf = await render(compress, ["Order 7d1b3a54-2c1e-4c8e", "Peña Müller — AVAWAY", "€1,234.50"]);
    const text = pdfText(pdf);
    expect(text).toContain("Order 7d1b3a54-2c1e-4c8e");
    expect(text).toContain("Peña Müller — AVAWAY");
    expect(text).toContain("€1,234.50");
    expect(text).not.toContain("nothing like this");
  });
});
