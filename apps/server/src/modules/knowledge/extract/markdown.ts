// Markdown as sections through markdown-it (CommonMark, with GFM tables): ATX and setext headings start
// sections; fenced code is kept as text and a "#" inside it is never a heading; inline markup is reduced
// to its text, links keeping their address. markdown-it reads a file in one pass over its tokens, where
// the regular expressions it replaces scanned to the end of the file from each unclosed link or emphasis.
import MarkdownIt, { type Token } from "markdown-it";
import { htmlToSections } from "./html.ts";
import { type Section, SectionBuilder } from "./sections.ts";

// HTML in Markdown is read as HTML (its text kept, its tags and comments dropped), not shown as markup.
const parser = new MarkdownIt("default", { html: true, linkify: false, typographer: false });

/** Skips a YAML front-matter block ("---" … "---") at the very start of the file. */
function withoutFrontMatter(markdown: string): string {
  const lines = markdown.split(/\r\n?|\n/, 62);
  if (lines[0]?.trim() !== "---") return markdown;
  const end = lines.findIndex((line, index) => index > 0 && index <= 60 && /^(---|\.\.\.)\s*$/.test(line));
  if (end === -1) return markdown;
  let at = 0;
  for (let line = 0; line <= end; line++) at = markdown.indexOf("\n", at) + 1;
  return markdown.slice(at);
}

/** An inline token's children as plain text: marks go, links become "text (address)". */
function inlineText(tokens: readonly Token[]): string {
  let text = "";
  let link: { href: string; start: number; autolink: boolean } | null = null;
  for (const token of tokens) {
    switch (token.type) {
      case "text":
      case "code_inline":
        text += token.content;
        break;
      case "softbreak":
      case "hardbreak":
        text += "\n";
        break;
      case "image":
        text += inlineText(token.children ?? []);
        break;
      case "link_open":
        link = { href: String(token.attrGet("href") ?? ""), start: text.length, autolink: token.markup === "autolink" };
        break;
      case "link_close":
        if (link && !link.autolink && link.href !== "" && text.slice(link.start) !== link.href)
          text += ` (${link.href})`;
        link = null;
        break;
      default:
        // Emphasis, strikethrough and inline HTML carry no text of their own.
        break;
    }
  }
  return text;
}

/** HTML written in a Markdown file, as its text. */
const htmlText = (html: string) =>
  htmlToSections(html)
    .map((section) => (section.heading ? `${section.heading}\n${section.text}` : section.text))
    .join("\n\n");

export function markdownToSections(markdown: string): Section[] {
  const builder = new SectionBuilder();
  const tokens = parser.parse(withoutFrontMatter(markdown), {});
  // Lists and tables are one paragraph each, an item or a row per line.
  let lines = null as string[] | null;
  let depth = 0;
  let itemPrefix = "";
  let row = null as string[] | null;
  let heading = 0;

  const block = (text: string) => {
    if (lines) lines.push(text);
    else builder.paragraph(text);
  };
  const open = () => {
    if (depth++ === 0) lines = [];
  };
  const close = () => {
    if (--depth === 0 && lines) {
      builder.paragraph(lines.join("\n"));
      lines = null;
    }
  };

  for (const token of tokens) {
    switch (token.type) {
      case "heading_open":
        heading = Number(token.tag.slice(1));
        break;
      case "heading_close":
        heading = 0;
        break;
      case "bullet_list_open":
      case "ordered_list_open":
      case "table_open":
        open();
        break;
      case "bullet_list_close":
      case "ordered_list_close":
      case "table_close":
        close();
        break;
      case "list_item_open":
        itemPrefix = `${token.info}${token.markup} `;
        break;
      case "tr_open":
        row = [];
        break;
      case "tr_close":
        if (row) lines?.push(`| ${row.join(" | ")} |`);
        row = null;
        break;
      case "inline": {
        const text = inlineText(token.children ?? []);
        if (row) row.push(text);
        else if (heading && !lines) builder.heading(heading, text);
        else if (lines) {
          lines.push(itemPrefix + text);
          itemPrefix = "";
        } else builder.paragraph(text);
        break;
      }
      case "fence":
      case "code_block":
        block(token.content);
        break;
      case "html_block":
        block(htmlText(token.content));
        break;
      default:
        break;
    }
  }
  return builder.finish();
}
