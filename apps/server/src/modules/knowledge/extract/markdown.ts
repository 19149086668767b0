// Markdown as sections: ATX ("## Prices") and setext (underlined) headings start sections; fenced code
// is kept as text and a "#" inside it is never a heading. Inline markup is reduced to its text.
import { type Section, SectionBuilder } from "./sections.ts";

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const TABLE_DELIMITER_ROW = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
// A line that opens a block a setext underline cannot turn into a heading.
const NOT_PARAGRAPH = /^ {0,3}([-+*]\s|\d{1,9}[.)]\s|>|\|)/;

/** Inline Markdown as plain text: links keep their address, emphasis and code marks go. */
export function markdownInline(text: string): string {
  return text
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, "$1 ($2)")
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, "$1")
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "$2")
    .replace(/(^|[^\p{L}\p{N}*])\*(?=\S)([^*\n]*?\S)\*(?![\p{L}\p{N}*])/gu, "$1$2")
    .replace(/(^|[^\p{L}\p{N}_])_(?=\S)([^_\n]*?\S)_(?![\p{L}\p{N}_])/gu, "$1$2")
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, "$1")
    .replace(/`+([^`\n]+?)`+/g, "$1")
    .replace(/^ {0,3}> ?/gm, "");
}

/** Skips a YAML front-matter block ("---" … "---") at the very start of the file. */
function withoutFrontMatter(lines: string[]): string[] {
  if (lines[0]?.trim() !== "---") return lines;
  const end = lines.findIndex((line, index) => index > 0 && index <= 60 && /^(---|\.\.\.)\s*$/.test(line));
  return end === -1 ? lines : lines.slice(end + 1);
}

export function markdownToSections(markdown: string): Section[] {
  const builder = new SectionBuilder();
  const lines = withoutFrontMatter(markdown.split(/\r\n?|\n/));
  let paragraph: string[] = [];
  let fence: { char: string; length: number } | null = null;
  let code: string[] = [];

  const endParagraph = () => {
    builder.paragraph(markdownInline(paragraph.join("\n")));
    paragraph = [];
  };

  for (const line of lines) {
    if (fence) {
      const closing = FENCE.exec(line);
      const marker = closing?.[1];
      if (marker && marker[0] === fence.char && marker.length >= fence.length && line.trim() === marker) {
        fence = null;
        builder.paragraph(code.join("\n"));
        code = [];
      } else code.push(line);
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening) {
      const marker = opening[1]!;
      // A backtick fence's info string cannot hold backticks (then it is inline code, not a fence).
      if (marker[0] === "~" || !line.slice(line.indexOf(marker) + marker.length).includes("`")) {
        endParagraph();
        fence = { char: marker[0]!, length: marker.length };
        continue;
      }
    }
    const atx = ATX_HEADING.exec(line);
    if (atx) {
      endParagraph();
      builder.heading(atx[1]!.length, markdownInline(atx[2] ?? ""));
      continue;
    }
    const underline = SETEXT_UNDERLINE.exec(line);
    const previous = paragraph[paragraph.length - 1];
    if (underline && previous !== undefined && previous.trim() !== "" && !NOT_PARAGRAPH.test(paragraph[0] ?? "")) {
      // The paragraph just above the underline is the heading (=== level 1, --- level 2).
      const text = paragraph.join(" ");
      paragraph = [];
      builder.heading(underline[1]![0] === "=" ? 1 : 2, markdownInline(text));
      continue;
    }
    if (THEMATIC_BREAK.test(line)) {
      endParagraph();
      continue;
    }
    if (line.includes("|") && TABLE_DELIMITER_ROW.test(line)) continue;
    if (line.trim() === "") {
      endParagraph();
      continue;
    }
    paragraph.push(line);
  }
  endParagraph();
  builder.paragraph(code.join("\n")); // a fence left open runs to the end of the file
  return builder.finish();
}
