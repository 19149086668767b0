// What an uploaded file really is: its content decides, and the name's extension has to agree. Every
// refusal says, in words for the person uploading, what is wrong with the file.
import { DOCX_MAX_ENTRIES } from "./limits.ts";
import { zipEntries, zipEntryNames } from "./zip-directory.ts";
import { declaredZipProblem } from "./zip-limits.ts";

export const KNOWLEDGE_FILE_KINDS = ["pdf", "docx", "text", "markdown", "html", "csv"] as const;
export type KnowledgeFileKind = (typeof KNOWLEDGE_FILE_KINDS)[number];
export const KNOWLEDGE_MAX_BYTES = 20 * 1024 * 1024;

export type SniffResult = { ok: true; kind: KnowledgeFileKind; contentType: string } | { ok: false; reason: string };

const KIND_BY_EXTENSION: Record<string, KnowledgeFileKind> = {
  pdf: "pdf",
  docx: "docx",
  txt: "text",
  md: "markdown",
  markdown: "markdown",
  html: "html",
  htm: "html",
  csv: "csv",
};

export const KNOWLEDGE_CONTENT_TYPES: Record<KnowledgeFileKind, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  text: "text/plain; charset=utf-8",
  markdown: "text/markdown; charset=utf-8",
  html: "text/html; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

const WHAT_IT_SHOULD_BE: Record<KnowledgeFileKind, string> = {
  pdf: "a PDF",
  docx: "a Word document",
  text: "text",
  markdown: "text",
  html: "HTML",
  csv: "text",
};

const ACCEPTED = "PDF (.pdf), Word (.docx), text (.txt), Markdown (.md), web pages (.html) and CSV (.csv)";

// Formats people often try, with what to do instead.
const INSTEAD: Record<string, string> = {
  doc: "Old Word files (.doc) cannot be read: save it as .docx in Word and upload that.",
  odt: "OpenDocument files (.odt) cannot be read: save it as .docx or PDF and upload that.",
  rtf: "RTF files cannot be read: save it as .docx or PDF and upload that.",
  xls: "Spreadsheets cannot be read: save the sheet as CSV and upload that.",
  xlsx: "Spreadsheets cannot be read: save the sheet as CSV and upload that.",
  ods: "Spreadsheets cannot be read: save the sheet as CSV and upload that.",
  pptx: "Presentations cannot be read: save it as PDF and upload that.",
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04]; // PK\x03\x04

/** Starts like a PDF. */
const isPdf = (bytes: Uint8Array) => startsWith(bytes, PDF_SIGNATURE);

/**
 * A PDF's header may come after some bytes of junk: readers (and PDF.js) look for it in the first
 * kilobyte, so a file named .pdf gets that leeway. (Text that merely mentions "%PDF-" is still text.)
 */
function hasPdfHeader(bytes: Uint8Array): boolean {
  const limit = Math.min(bytes.length - PDF_SIGNATURE.length, 1024);
  for (let at = 0; at <= limit; at++) if (startsWith(bytes, PDF_SIGNATURE, at)) return true;
  return false;
}

const isZip = (bytes: Uint8Array) => startsWith(bytes, ZIP_SIGNATURE);

/** What the content looks like, for a refusal that helps: "It looks like a PDF." */
function looksLike(bytes: Uint8Array): string | null {
  if (isPdf(bytes)) return "a PDF";
  if (isZip(bytes)) {
    const names = zipEntryNames(bytes);
    if (names?.some((name) => name.toLowerCase() === "word/document.xml")) return "a Word document";
    if (names?.some((name) => name.toLowerCase().startsWith("xl/"))) return "an Excel spreadsheet";
    return "a ZIP archive";
  }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return "an image (PNG)";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "an image (JPEG)";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return "an image (GIF)";
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) return "an old Office file (.doc or .xls)";
  if (asText(bytes) !== null) return "plain text";
  return null;
}

/** The bytes as UTF-8 text (byte-order mark dropped), or null when they are not text. */
function asText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const WHITESPACE_BYTES = new Set([0x20, 0x09, 0x0a, 0x0d, 0x0b, 0x0c]);
// A tag, a doctype or a comment: what makes text HTML rather than prose about HTML.
const HTML_TAG = /<(?:!doctype\s+html|!--|[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>)/i;

function extensionOf(fileName: string): string | null {
  const base = fileName.trim().split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  const extension = dot === -1 ? "" : base.slice(dot + 1).toLowerCase();
  return extension === "" ? null : extension;
}

/** What the bytes really are, from their content, checked against the name's extension. */
export function sniffKnowledgeFile(fileName: string, bytes: Uint8Array): SniffResult {
  const refuse = (reason: string): SniffResult => ({ ok: false, reason });
  if (bytes.byteLength > KNOWLEDGE_MAX_BYTES) {
    return refuse(`The file is larger than ${KNOWLEDGE_MAX_BYTES / 1024 / 1024} MB.`);
  }
  const extension = extensionOf(fileName);
  const kind = extension === null ? undefined : KIND_BY_EXTENSION[extension];
  if (extension === null) return refuse(`The file name has no extension. Files you can add: ${ACCEPTED}.`);
  if (!kind) {
    const instead = INSTEAD[extension] ?? `Files of type .${extension} cannot be added.`;
    return refuse(`${instead} Files you can add: ${ACCEPTED}.`);
  }
  if (bytes.every((byte) => WHITESPACE_BYTES.has(byte))) return refuse("The file is empty.");

  const mismatch = () => {
    const actual = looksLike(bytes);
    const hint = actual && actual !== WHAT_IT_SHOULD_BE[kind] ? ` It looks like ${actual}.` : "";
    return refuse(`This file is named .${extension} but its content is not ${WHAT_IT_SHOULD_BE[kind]}.${hint}`);
  };
  const accept = (): SniffResult => ({ ok: true, kind, contentType: KNOWLEDGE_CONTENT_TYPES[kind] });

  if (kind === "pdf") return hasPdfHeader(bytes) ? accept() : mismatch();
  if (kind === "docx") {
    if (!isZip(bytes)) return mismatch();
    const entries = zipEntries(bytes, DOCX_MAX_ENTRIES);
    if (entries === null) {
      return refuse(
        `This file is named .${extension} but it is damaged or incomplete: it could not be opened as a Word document.`,
      );
    }
    if (!entries.some((entry) => entry.name.toLowerCase() === "word/document.xml")) return mismatch();
    // A zip bomb that admits it (its directory's own sizes) is refused now; one that lies, when it is read.
    const problem = declaredZipProblem(entries);
    return problem === null ? accept() : refuse(problem);
  }

  // Text kinds: UTF-8 without NUL bytes, and not a binary format that happens to decode.
  if (isPdf(bytes) || isZip(bytes)) return mismatch();
  const utf16 = startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]);
  if (bytes.includes(0) && !utf16) return mismatch();
  const text = asText(bytes);
  if (text === null) {
    return refuse(
      `This file is named .${extension} but its content is not UTF-8 text. Save it with UTF-8 encoding and upload it again.`,
    );
  }
  if (text.trim() === "") return refuse("The file is empty.");
  if (kind === "html" && !HTML_TAG.test(text)) return mismatch();
  return accept();
}
