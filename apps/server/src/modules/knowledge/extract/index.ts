// Text extraction and chunking for the knowledge base's uploaded files. Pure: bytes in, text out, no
// database and no network. The upload checks a file with sniffKnowledgeFile; the job reads it with
// extractSections and stores what chunkSections makes of it.
import { csvToSections } from "./csv.ts";
import { docxToSections } from "./docx.ts";
import { ExtractionError } from "./errors.ts";
import { htmlToSections } from "./html.ts";
import { markdownToSections } from "./markdown.ts";
import { pdfToSections } from "./pdf.ts";
import { type Section, SectionBuilder } from "./sections.ts";
import { KNOWLEDGE_MAX_BYTES, type KnowledgeFileKind } from "./sniff.ts";

export { type Chunk, chunkSections } from "./chunk.ts";
export { ExtractionError } from "./errors.ts";
export type { Section } from "./sections.ts";
export {
  KNOWLEDGE_CONTENT_TYPES,
  KNOWLEDGE_FILE_KINDS,
  KNOWLEDGE_MAX_BYTES,
  type KnowledgeFileKind,
  sniffKnowledgeFile,
} from "./sniff.ts";

const NO_TEXT = "No text could be read from this file.";

function decodeText(bytes: Uint8Array): string {
  try {
    // The decoder drops a leading byte-order mark.
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (error) {
    throw new ExtractionError("This file is not UTF-8 text. Save it with UTF-8 encoding and upload it again.", {
      cause: error,
    });
  }
}

function textToSections(text: string): Section[] {
  const builder = new SectionBuilder();
  builder.paragraph(text);
  return builder.finish();
}

/**
 * The document as sections (a heading with the text under it), in order. Throws ExtractionError (with a
 * human message) for a corrupt file. `pages` is the page count of a PDF, null for other kinds.
 * `onProgress` gets fractions up to 1: after each page of a PDF, once at the end for other kinds.
 */
export async function extractSections(
  kind: KnowledgeFileKind,
  bytes: Uint8Array,
  onProgress?: (fraction: number) => void,
): Promise<{ sections: Section[]; pages: number | null }> {
  if (bytes.byteLength > KNOWLEDGE_MAX_BYTES) {
    throw new ExtractionError(`The file is larger than ${KNOWLEDGE_MAX_BYTES / 1024 / 1024} MB.`);
  }
  let sections: Section[];
  let pages: number | null = null;
  switch (kind) {
    case "pdf": {
      const pdf = await pdfToSections(bytes, onProgress);
      sections = pdf.sections;
      pages = pdf.pages;
      break;
    }
    case "docx":
      sections = await docxToSections(bytes);
      break;
    case "html":
      sections = htmlToSections(decodeText(bytes));
      break;
    case "markdown":
      sections = markdownToSections(decodeText(bytes));
      break;
    case "csv":
      sections = csvToSections(decodeText(bytes));
      break;
    case "text":
      sections = textToSections(decodeText(bytes));
      break;
    default:
      throw new ExtractionError(`Files of kind ${String(kind satisfies never)} cannot be read.`);
  }
  sections = sections.filter((section) => section.text.trim() !== "");
  if (sections.length === 0) throw new ExtractionError(NO_TEXT);
  if (kind !== "pdf") onProgress?.(1);
  return { sections, pages };
}
