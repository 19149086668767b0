// HTML (uploaded pages, and what mammoth makes of a DOCX) as sections: h1–h6 start sections, block
// elements break lines, scripts/styles/comments go, entities are decoded. A forgiving scan over tags,
// not a DOM: uploaded pages are often sloppy, and only the text and its headings matter here.
import { type Section, SectionBuilder } from "./sections.ts";

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  shy: "\u00ad",
  copy: "©",
  reg: "®",
  trade: "™",
  euro: "€",
  pound: "£",
  cent: "¢",
  yen: "¥",
  deg: "°",
  ordf: "ª",
  ordm: "º",
  middot: "·",
  bull: "•",
  hellip: "…",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  laquo: "«",
  raquo: "»",
  iexcl: "¡",
  iquest: "¿",
  times: "×",
  divide: "÷",
  plusmn: "±",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  sect: "§",
  para: "¶",
  aacute: "á",
  eacute: "é",
  iacute: "í",
  oacute: "ó",
  uacute: "ú",
  Aacute: "Á",
  Eacute: "É",
  Iacute: "Í",
  Oacute: "Ó",
  Uacute: "Ú",
  agrave: "à",
  egrave: "è",
  igrave: "ì",
  ograve: "ò",
  ugrave: "ù",
  Agrave: "À",
  Egrave: "È",
  Ograve: "Ò",
  ntilde: "ñ",
  Ntilde: "Ñ",
  uuml: "ü",
  Uuml: "Ü",
  ouml: "ö",
  auml: "ä",
  ccedil: "ç",
  Ccedil: "Ç",
};

/** Decodes character references: the named ones above and every numeric one (&#233; &#xE9;). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/g, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      // NUL, surrogates and beyond Unicode are not characters: the replacement character, as browsers do.
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[name] ?? whole;
  });
}

// Elements whose content is never text for a reader (a <nav> is the site's menu, the same on every page).
const SKIPPED = /<(script|style|noscript|template|svg|math|iframe|object|select|textarea|nav)\b[\s\S]*?<\/\1\s*>/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
// A tag (attribute values may hold ">"), a doctype/CDATA/processing instruction.
const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>|<![^>]*>|<\?[^>]*>/g;

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

/** The text of an HTML document as sections. */
export function htmlToSections(html: string): Section[] {
  const builder = new SectionBuilder();
  let source = html.replace(COMMENT, "").replace(SKIPPED, " ");
  // The page's <title> heads the text that comes before its first heading.
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(source);
  if (title) builder.heading(1, decodeEntities(title[1]!));
  source = source.replace(/<head\b[\s\S]*?<\/head\s*>/i, " ").replace(/<title\b[\s\S]*?<\/title\s*>/gi, " ");

  let paragraph = "";
  let heading: { level: number; text: string } | null = null;
  let preDepth = 0;
  let cellDepth = 0;
  let cellsInRow = 0;

  const append = (text: string) => {
    if (heading) heading.text += text;
    else paragraph += text;
  };
  const endParagraph = () => {
    if (heading || cellDepth > 0) append(" ");
    else {
      builder.paragraph(paragraph);
      paragraph = "";
    }
  };
  const endHeading = () => {
    if (!heading) return;
    const { level, text } = heading;
    heading = null;
    // A "heading" this long is a heading left unclosed swallowing the text after it: keep it as text.
    if (text.trim().length > MAX_HEADING_CHARS) builder.paragraph(text);
    else builder.heading(level, text);
  };
  const addText = (raw: string) => {
    if (raw === "") return;
    const text = decodeEntities(preDepth > 0 ? raw : raw.replace(/\s+/g, " "));
    append(text);
  };

  let last = 0;
  for (const match of source.matchAll(TOKEN)) {
    addText(source.slice(last, match.index));
    last = match.index + match[0].length;
    const name = match[2]?.toLowerCase();
    if (!name) continue; // doctype, CDATA marker, processing instruction
    const closing = match[1] === "/";
    const level = /^h([1-6])$/.exec(name)?.[1];
    if (level) {
      if (closing) endHeading();
      else {
        endHeading();
        builder.paragraph(paragraph);
        paragraph = "";
        heading = { level: Number(level), text: "" };
      }
      continue;
    }
    if (name === "pre") preDepth = Math.max(0, preDepth + (closing ? -1 : 1));
    if (name === "tr") {
      cellsInRow = 0;
      cellDepth = 0;
    }
    if (name === "table" && closing) cellDepth = 0;
    if (name === "td" || name === "th") {
      if (closing) cellDepth = Math.max(0, cellDepth - 1);
      else {
        if (cellsInRow > 0) append(" | ");
        cellsInRow++;
        cellDepth++;
      }
      continue;
    }
    if (PARAGRAPH_ELEMENTS.has(name)) endParagraph();
    else if (LINE_ELEMENTS.has(name) && !closing) append(cellDepth > 0 || heading ? " " : "\n");
  }
  addText(source.slice(last));
  endHeading();
  cellDepth = 0;
  endParagraph();
  return builder.finish();
}
