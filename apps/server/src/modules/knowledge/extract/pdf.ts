// PDF text through unpdf (PDF.js built for servers): page by page so progress can be reported, with the
// layout read back into lines, paragraphs and headings. PDF.js gives positioned text runs; a line is the
// runs on one baseline, a paragraph break is a gap wider than the page's usual line spacing, and a
// heading is a short line set clearly larger than the document's body text.
import type { getDocumentProxy } from "unpdf";
import { ExtractionError } from "./errors.ts";
import { LIMIT_MESSAGES, PDF_MAX_PAGES } from "./limits.ts";
import { type Section, SectionBuilder } from "./sections.ts";

type Line = { text: string; y: number; size: number };
type TextRun = { str: string; transform: number[]; height: number; hasEOL: boolean };

/** A text run's size: the vertical scale of its text matrix (the font size once scaled). */
const runSize = (run: TextRun) => Math.hypot(run.transform[2] ?? 0, run.transform[3] ?? 0) || run.height;

/** The runs of one page as lines, top to bottom in reading order as PDF.js gives them. */
export function runsToLines(runs: readonly TextRun[]): Line[] {
  const lines: Line[] = [];
  let line: Line | null = null;
  for (const run of runs) {
    const y = run.transform[5] ?? 0;
    const size = runSize(run);
    if (run.str !== "") {
      if (line && Math.abs(y - line.y) > Math.max(line.size, size) * 0.5) {
        lines.push(line);
        line = null;
      }
      if (!line) line = { text: run.str, y, size };
      else {
        line.text += run.str;
        if (run.str.trim() !== "") line.size = Math.max(line.size, size);
      }
    }
    if (run.hasEOL && line) {
      lines.push(line);
      line = null;
    }
  }
  if (line) lines.push(line);
  return lines.filter((l) => l.text.trim() !== "");
}

/** The body text size: the size most of the document's characters are set in. */
function bodySize(pages: Line[][]): number {
  const byChars = new Map<number, number>();
  for (const line of pages.flat()) {
    const size = Math.round(line.size * 2) / 2;
    byChars.set(size, (byChars.get(size) ?? 0) + line.text.length);
  }
  let best = 0;
  let bestChars = -1;
  for (const [size, chars] of byChars) {
    if (chars > bestChars) {
      best = size;
      bestChars = chars;
    }
  }
  return best;
}

/** Joins a paragraph's wrapped lines, rejoining a word hyphenated across a line end. */
function joinWrapped(lines: string[]): string {
  let text = "";
  for (const raw of lines) {
    const line = raw.trim();
    if (text === "") text = line;
    else if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(line)) text = text.slice(0, -1) + line;
    else text += ` ${line}`;
  }
  return text;
}

/** Pages of lines as sections: each page starts a section, and so does each heading. */
export function pagesToSections(pages: Line[][]): Section[] {
  const body = bodySize(pages);
  const isHeading = (line: Line) => {
    const text = line.text.trim();
    return line.size >= body * 1.2 && text.length >= 2 && text.length <= 120 && /\p{L}/u.test(text);
  };
  // Heading sizes, largest first, give heading levels: a 24 pt title outranks 16 pt section titles.
  const headingSizes = [
    ...new Set(
      pages
        .flat()
        .filter(isHeading)
        .map((l) => Math.round(l.size)),
    ),
  ].sort((a, b) => b - a);
  const levelOf = (line: Line) => Math.min(6, headingSizes.indexOf(Math.round(line.size)) + 1);

  const builder = new SectionBuilder();
  for (const lines of pages) {
    builder.flush();
    const gaps: number[] = [];
    for (let i = 1; i < lines.length; i++) {
      const gap = lines[i - 1]!.y - lines[i]!.y;
      if (gap > 0 && !isHeading(lines[i]!) && !isHeading(lines[i - 1]!)) gaps.push(gap);
    }
    // The usual line spacing: the lower quartile of the gaps, so paragraph gaps do not inflate it.
    const sortedGaps = gaps.sort((a, b) => a - b);
    const lineGap = sortedGaps[Math.floor(sortedGaps.length / 4)] ?? body * 1.2;

    let paragraph: string[] = [];
    let headingLines: Line[] = [];
    const endParagraph = () => {
      builder.paragraph(joinWrapped(paragraph));
      paragraph = [];
    };
    const endHeading = () => {
      if (headingLines.length === 0) return;
      builder.heading(levelOf(headingLines[0]!), joinWrapped(headingLines.map((l) => l.text)));
      headingLines = [];
    };
    let previous: Line | null = null;
    for (const line of lines) {
      if (isHeading(line)) {
        const continues =
          headingLines.length > 0 &&
          previous !== null &&
          Math.abs(previous.size - line.size) < 0.5 &&
          previous.y - line.y > 0 &&
          previous.y - line.y <= line.size * 1.6;
        if (!continues) endHeading();
        endParagraph();
        headingLines.push(line);
      } else {
        endHeading();
        const gap = previous ? previous.y - line.y : 0;
        if (previous && (gap > lineGap * 1.4 || gap < -line.size)) endParagraph();
        paragraph.push(line.text);
      }
      previous = line;
    }
    endHeading();
    endParagraph();
  }
  return builder.finish();
}

/** A PDF.js failure as a message for the person who uploaded the file. */
function pdfError(error: unknown): ExtractionError {
  const name = error instanceof Error ? error.name : "";
  if (name === "PasswordException") {
    return new ExtractionError("This PDF is protected with a password. Remove the password and upload it again.", {
      cause: error,
    });
  }
  return new ExtractionError("This PDF is damaged and its text could not be read.", { cause: error });
}

export async function pdfToSections(
  bytes: Uint8Array,
  onProgress?: (fraction: number) => void,
): Promise<{ sections: Section[]; pages: number }> {
  // PDF.js may take over (detach) the buffer it is given: hand it a copy, never the caller's bytes.
  const data = new Uint8Array(bytes);
  // Loaded on first use: PDF.js is most of what an extraction thread would load for any other kind.
  const { getDocumentProxy: openPdf } = await import("unpdf");
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    document = await openPdf(data, { verbosity: 0 });
  } catch (error) {
    throw pdfError(error);
  }
  try {
    const pages: Line[][] = [];
    const count = document.numPages;
    // Counted from the page tree before any page is read.
    if (count > PDF_MAX_PAGES) throw new ExtractionError(LIMIT_MESSAGES.pdfPages(count));
    for (let number = 1; number <= count; number++) {
      let lines: Line[];
      try {
        const page = await document.getPage(number);
        const content = await page.getTextContent();
        // Marked-content items (no "str") only delimit structure; the text runs are the rest.
        const runs = content.items.flatMap((item): TextRun[] =>
          "str" in item ? [{ str: item.str, transform: item.transform, height: item.height, hasEOL: item.hasEOL }] : [],
        );
        lines = runsToLines(runs);
        page.cleanup();
      } catch (error) {
        throw pdfError(error);
      }
      pages.push(lines);
      onProgress?.(number / count);
    }
    return { sections: pagesToSections(pages), pages: count };
  } finally {
    await document.destroy().catch(() => {});
  }
}
