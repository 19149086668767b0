// HTML (uploaded pages, and what mammoth makes of a DOCX) as sections: h1–h6 start sections, block
// elements break lines, scripts/styles/comments go, entities are decoded. htmlparser2's streaming
// tokenizer reads the page in one linear pass and copes with sloppy markup (unclosed tags, stray
// quotes) the way browsers do; only the text and its headings matter here, so no DOM is built.
import { Parser } from "htmlparser2";
import { type Section, SectionBuilder } from "./sections.ts";

// Elements whose content is never text for a reader (a <nav> is the site's menu, the same on every page).
const SKIPPED = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "iframe",
  "object",
  "select",
  "textarea",
  "nav",
]);

// Elements that stand as their own paragraph(s).
const PARAGRAPH_ELEMENTS = new Set([
  "p",
  "div",
  "section",
  "article",
  "header",
  "footer",
  "main",
  "aside",
  "blockquote",
  "pre",
  "ul",
  "ol",
  "dl",
  "table",
  "form",
  "fieldset",
  "figure",
  "figcaption",
  "address",
  "details",
  "summary",
  "hr",
  "caption",
  "center",
  "body",
  "html",
]);
const MAX_HEADING_CHARS = 200;

// Elements that start a new line within a paragraph.
const LINE_ELEMENTS = new Set(["br", "li", "dt", "dd", "tr", "option", "legend"]);

const HEADING = /^h([1-6])$/;

type Step = { heading: number; text: string } | { paragraph: string };

/** The text of an HTML document as sections. */
export function htmlToSections(html: string): Section[] {
  // Steps are recorded, then replayed after the page's <title>, which heads the text before the first
  // heading wherever in the page it appears.
  const steps: Step[] = [];
  // Written in the parser's callbacks: typed wide so the checks after parsing are not narrowed to null.
  let title = null as string | null;
  let titleText = null as string | null;
  let skipDepth = 0;
  let headDepth = 0;

  let paragraph = "";
  let heading: { level: number; text: string } | null = null;
  let preDepth = 0;
  let cellDepth = 0;
  let cellsInRow = 0;

  const append = (text: string) => {
    if (heading) heading.text += text;
    else paragraph += text;
  };
  const flushParagraph = () => {
    if (paragraph.trim() !== "") steps.push({ paragraph });
    paragraph = "";
  };
  const endParagraph = () => {
    if (heading || cellDepth > 0) append(" ");
    else flushParagraph();
  };
  const endHeading = () => {
    if (!heading) return;
    const { level, text } = heading;
    heading = null;
    // A "heading" this long is a heading left unclosed swallowing the text after it: keep it as text.
    if (text.trim().length > MAX_HEADING_CHARS) steps.push({ paragraph: text });
    else steps.push({ heading: level, text });
  };

  const parser = new Parser(
    {
      onopentag(name) {
        if (skipDepth > 0 || SKIPPED.has(name)) {
          if (SKIPPED.has(name)) skipDepth++;
          return;
        }
        if (name === "title") titleText ??= "";
        if (name === "head") headDepth++;
        const level = HEADING.exec(name)?.[1];
        if (level) {
          endHeading();
          flushParagraph();
          heading = { level: Number(level), text: "" };
          return;
        }
        if (name === "pre") preDepth++;
        if (name === "tr") {
          cellsInRow = 0;
          cellDepth = 0;
        }
        if (name === "td" || name === "th") {
          if (cellsInRow > 0) append(" | ");
          cellsInRow++;
          cellDepth++;
          return;
        }
        if (PARAGRAPH_ELEMENTS.has(name)) endParagraph();
        else if (LINE_ELEMENTS.has(name)) append(cellDepth > 0 || heading ? " " : "\n");
      },
      onclosetag(name) {
        if (skipDepth > 0) {
          if (SKIPPED.has(name)) skipDepth--;
          return;
        }
        if (name === "title" && titleText !== null && title === null) title = titleText;
        if (name === "head") headDepth = Math.max(0, headDepth - 1);
        if (HEADING.test(name)) {
          endHeading();
          return;
        }
        if (name === "pre") preDepth = Math.max(0, preDepth - 1);
        if (name === "table") cellDepth = 0;
        if (name === "td" || name === "th") {
          cellDepth = Math.max(0, cellDepth - 1);
          return;
        }
        if (PARAGRAPH_ELEMENTS.has(name)) endParagraph();
      },
      ontext(raw) {
        if (skipDepth > 0) return;
        if (titleText !== null && title === null) {
          titleText += raw;
          return;
        }
        if (headDepth > 0) return;
        append(preDepth > 0 ? raw : raw.replace(/\s+/g, " "));
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: false },
  );
  parser.end(html);
  endHeading();
  cellDepth = 0;
  flushParagraph();

  const builder = new SectionBuilder();
  // A <title> never closed runs to the end of the page: then it is text, not a heading.
  if (title !== null && title.trim().length > MAX_HEADING_CHARS) builder.paragraph(title);
  else if (title !== null) builder.heading(1, title);
  for (const step of steps) {
    if ("paragraph" in step) builder.paragraph(step.paragraph);
    else builder.heading(step.heading, step.text);
  }
  return builder.finish();
}
