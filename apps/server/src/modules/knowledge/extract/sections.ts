// The shared shape every extractor produces: sections (a heading path and the text under it), with
// whitespace normalised the same way whatever the source format was.

/** A run of text under one heading. See index.ts for the public contract. */
export type Section = {
  /**
   * The heading the text sits under, as a path from the outermost heading in: "Cursos > Excel básico".
   * null for text before any heading (and for formats without headings: plain text, CSV).
   */
  heading: string | null;
  /** Paragraphs separated by a blank line ("\n\n"); lines within a paragraph by "\n". */
  text: string;
};

/** Joins the headings of a heading path. */
export const HEADING_PATH_SEPARATOR = " > ";

export function headingPath(heading: string | null): string[] {
  return heading === null ? [] : heading.split(HEADING_PATH_SEPARATOR);
}

// Spaces other than the ASCII one (no-break, thin, ideographic, …) read as a plain space; zero-width
// characters, soft hyphens and the byte-order mark carry nothing and go; other control characters too.
const ODD_SPACE = /[\t\v\f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;

/** One line of text: composed accents (NFC), one space between words, no edge spaces. */
export function normaliseLine(text: string): string {
  return text
    .normalize("NFC")
    .replace(INVISIBLE, "")
    .replace(ODD_SPACE, " ")
    .replace(CONTROL, "")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** A block of text: each line normalised, runs of blank lines down to one (a paragraph break), trimmed. */
export function normaliseBlock(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n")
    .split("\n")
    .map(normaliseLine)
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * Collects a document's sections as an extractor walks it: headings (with their level, so a heading
 * path can be kept) and paragraphs. Empty sections are dropped.
 */
export class SectionBuilder {
  private readonly sections: Section[] = [];
  private readonly path: { level: number; text: string }[] = [];
  private paragraphs: string[] = [];

  /** Starts a section under a heading of this level (1 = outermost); deeper open headings close. */
  heading(level: number, text: string): void {
    const title = normaliseLine(text.replace(/\s+/g, " "));
    if (title === "") return;
    this.flush();
    while (this.path.length > 0 && this.path[this.path.length - 1]!.level >= level) this.path.pop();
    this.path.push({ level, text: title });
  }

  /** Adds a paragraph (it may hold line breaks) to the current section. */
  paragraph(text: string): void {
    const block = normaliseBlock(text);
    if (block !== "") this.paragraphs.push(block);
  }

  /** Ends the current section; what follows starts a new one under the same heading (e.g. a new page). */
  flush(): void {
    if (this.paragraphs.length === 0) return;
    const heading = this.path.length === 0 ? null : this.path.map((entry) => entry.text).join(HEADING_PATH_SEPARATOR);
    this.sections.push({ heading, text: this.paragraphs.join("\n\n") });
    this.paragraphs = [];
  }

  finish(): Section[] {
    this.flush();
    return this.sections;
  }
}
