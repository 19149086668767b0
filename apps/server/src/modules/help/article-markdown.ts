import MarkdownIt, { type Token } from "markdown-it";
import sanitizeHtml from "sanitize-html";

// An article's Markdown as the help centre serves it: HTML rendered by markdown-it with raw HTML off, then
// sanitized to the few tags an article uses; and as plain text for the search index.

// Raw HTML in the Markdown is shown as text, never passed through; GFM tables are on by default.
const markdown = new MarkdownIt("default", { html: false, linkify: false, typographer: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...["h2", "h3", "h4", "p", "br", "hr", "blockquote", "ul", "ol", "li", "strong", "em", "code", "pre", "a"],
    ...["table", "thead", "tbody", "tr", "th", "td"],
  ],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    ol: ["start"],
    th: ["style"],
    td: ["style"],
    pre: ["tabindex"],
    table: ["tabindex"],
  },
  // Only the column alignment markdown-it writes for tables.
  allowedStyles: { "*": { "text-align": [/^(left|right|center)$/] } },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  transformTags: {
    // An article's h1 would be a second title on the page: the page's own h1 is the article's title.
    h1: "h2",
    // Code and tables scroll sideways on a phone: focusable, so a keyboard can scroll them too.
    pre: sanitizeHtml.simpleTransform("pre", { tabindex: "0" }),
    table: sanitizeHtml.simpleTransform("table", { tabindex: "0" }),
    // Links out of the product open beside it; links into it (/help/…, /settings…) stay in the app.
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? "";
      if (!/^https?:/i.test(href)) return { tagName, attribs: { href } };
      return { tagName, attribs: { href, target: "_blank", rel: "noopener noreferrer" } };
    },
  },
};

/** The article's body as safe HTML. */
export function articleHtml(body: string): string {
  return sanitizeHtml(markdown.render(body), SANITIZE);
}

/** The words a reader sees, for the search index: inline marks and link addresses go, code stays. */
export function articleText(body: string): string {
  const out: string[] = [];
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === "inline") walk(token.children ?? []);
      else if (token.type === "text" || token.type === "code_inline") out.push(token.content);
      else if (token.type === "fence" || token.type === "code_block") out.push(token.content);
      else if (token.type === "softbreak" || token.type === "hardbreak") out.push(" ");
      else if (token.block && token.nesting === -1) out.push("\n");
    }
  };
  walk(markdown.parse(body, {}));
  return out
    .join("")
    .replace(/[ \t]+/g, " ")
    .replace(/\n\s*\n+/g, "\n")
    .trim();
}
