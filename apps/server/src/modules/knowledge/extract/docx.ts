// DOCX through mammoth: the document as HTML (Heading 1–6 styles become h1–h6), then the same sectioning
// as an uploaded web page. The zip is held to its limits (zip-limits.ts) before mammoth sees it.
import { ExtractionError } from "./errors.ts";
import { htmlToSections } from "./html.ts";
import { DOCX_MAX_ENTRIES } from "./limits.ts";
import type { Section } from "./sections.ts";
import { zipEntries } from "./zip-directory.ts";
import { assertInflatesWithinLimits, declaredZipProblem } from "./zip-limits.ts";

const DAMAGED = "This Word document is damaged or incomplete, so its text could not be read.";

export async function docxToSections(bytes: Uint8Array): Promise<Section[]> {
  const entries = zipEntries(bytes, DOCX_MAX_ENTRIES);
  if (entries === null) throw new ExtractionError(DAMAGED);
  const problem = declaredZipProblem(entries);
  if (problem !== null) throw new ExtractionError(problem);
  assertInflatesWithinLimits(bytes, entries);
  // Loaded on first use: mammoth and its XML and zip readers cost about 100 ms at start-up otherwise.
  const { default: mammoth } = await import("mammoth");
  // Images are dropped without being read: mammoth would otherwise inline each one as base64.
  const skipImages = mammoth.images.imgElement(async () => ({ src: "" }));
  let html: string;
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    html = (await mammoth.convertToHtml({ buffer }, { convertImage: skipImages })).value;
  } catch (error) {
    // Not a zip, a zip cut short, no word/document.xml, or XML that does not parse.
    throw new ExtractionError(DAMAGED, { cause: error });
  }
  return htmlToSections(html);
}
