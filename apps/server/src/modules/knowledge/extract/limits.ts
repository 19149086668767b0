// What one uploaded file may cost to read. A file over a limit fails its entry with the reason (the
// messages below are shown to the person who uploaded it); the server keeps answering. The time and
// memory budgets of the extraction thread are settings (KNOWLEDGE_EXTRACT_TIMEOUT_MS and
// KNOWLEDGE_EXTRACT_MEMORY_MB); these are fixed.

const MB = 1024 * 1024;

/** A Word file's parts, inflated, added up: the text of a 1,000-page document is a few MB. */
export const DOCX_MAX_INFLATED_BYTES = 50 * MB;
/** Parts in a Word file's zip: a long document with images has a few hundred. */
export const DOCX_MAX_ENTRIES = 2000;
/** Inflated to compressed size of one part: XML packs 5–20:1; a bomb packs ~1,000:1. */
export const DOCX_MAX_RATIO = 100;
/** Parts smaller than this inflated are not held to the ratio (tiny parts pack oddly and cost nothing). */
export const DOCX_RATIO_GRACE_BYTES = 1 * MB;
/** Pages read from one PDF. */
export const PDF_MAX_PAGES = 2000;
/** Files read at once by this process, each on its own thread with its own memory budget. */
export const EXTRACTION_CONCURRENCY = 2;

const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;
const count = (n: number) => n.toLocaleString("en-US");

export const LIMIT_MESSAGES = {
  docxInflated: `The Word file inflates to more than ${megabytes(DOCX_MAX_INFLATED_BYTES)}.`,
  docxEntries: `The Word file holds more than ${count(DOCX_MAX_ENTRIES)} parts.`,
  docxRatio: `A part of the Word file is compressed more than ${DOCX_MAX_RATIO} to 1, as only a zip bomb is.`,
  pdfPages: (pages: number) => `The PDF has ${count(pages)} pages; at most ${count(PDF_MAX_PAGES)} can be read.`,
  timeout: (ms: number) => `The file took longer than ${Number((ms / 1000).toFixed(1))} s to read.`,
  memory: (mb: number) => `The file needs more than ${mb} MB to read.`,
  crashed: "The file could not be read: its reader stopped unexpectedly.",
};
