import { CONTEXT_HELP } from "@foreman/contract";
import { describe, expect, it } from "vitest";
import { parseArticleFile, readArticleFiles } from "./article-files.ts";
import { articleHtml, articleText } from "./article-markdown.ts";
import { FrontMatterError, parseFrontMatter } from "./front-matter.ts";

// The articles that ship with the product, read as the server reads them: each well formed, of a useful
// length, its links into the help centre leading to articles that exist; and the Markdown rendered to
// HTML that can be trusted.

const articles = await readArticleFiles();
const slugs = new Set(articles.map((article) => article.slug));
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("the shipped articles", () => {
  // 16 since phone numbers, calls and billing (issue 32) got their article.
  it("are 12 to 16, each with a unique position", () => {
    expect(articles.length).toBeGreaterThanOrEqual(12);
    expect(articles.length).toBeLessThanOrEqual(16);
    expect(new Set(articles.map((article) => article.position)).size).toBe(articles.length);
  });

  it.each(articles.map((article) => [article.slug, article] as const))(
    "%s is 150 to 500 words with headings",
    (_slug, article) => {
      const count = words(articleText(article.body));
      expect(count).toBeGreaterThanOrEqual(150);
      expect(count).toBeLessThanOrEqual(500);
      expect(articleHtml(article.body)).toContain("<h2>");
      expect(article.summary.length).toBeLessThanOrEqual(200);
    },
  );

  it("link only to articles that exist", () => {
    for (const article of articles)
      for (const [, target] of article.body.matchAll(/\]\(\/help\/([^)#?]+)\)/g))
        expect(slugs.has(target!), `${article.slug} links to /help/${target}`).toBe(true);
  });

  it("hold every article a screen's help link names, under the same title", () => {
    for (const [screen, topic] of Object.entries(CONTEXT_HELP)) {
      const article = articles.find((candidate) => candidate.slug === topic.slug);
      expect(article?.title, `${screen} → /help/${topic.slug}`).toBe(topic.title);
    }
  });
});

describe("reading an article file", () => {
  const file = (front: string, body = "## Hello\n\nText.") => `---\n${front}\n---\n\n${body}\n`;
  const complete = 'title: "A: title"\nsummary: Short.\nsection: Basics\nposition: 10\nupdated: 2026-11-28';

  it("takes the front matter's fields, a quoted value with its colon", () => {
    expect(parseArticleFile("a-title.md", file(complete))).toMatchObject({
      slug: "a-title",
      title: "A: title",
      summary: "Short.",
      section: "Basics",
      position: 10,
      updated: "2026-11-28",
      body: "## Hello\n\nText.\n",
    });
  });

  it("names the file and what is wrong with it", () => {
    expect(() => parseArticleFile("Bad_Name.md", file(complete))).toThrow(/Bad_Name\.md: the file name/);
    expect(() => parseArticleFile("a.md", "## No front matter")).toThrow(/a\.md: the file must start with a --- line/);
    expect(() => parseArticleFile("a.md", file(complete.replace("position: 10", "position: ten")))).toThrow(
      /position must be a whole number/,
    );
    expect(() => parseArticleFile("a.md", file(complete.replace("updated: 2026-11-28", "updated: soon")))).toThrow(
      /updated must be a date/,
    );
    expect(() => parseArticleFile("a.md", file(complete.replace("section: Basics\n", "")))).toThrow(/no section/);
    expect(() => parseArticleFile("a.md", file(complete, ""))).toThrow(/has no text/);
  });

  it("refuses a front matter that is not key: value lines", () => {
    expect(() => parseFrontMatter("---\ntitle: A\n")).toThrow(FrontMatterError);
    expect(() => parseFrontMatter("---\njust words\n---\n")).toThrow(/line 2 is not "key: value"/);
    expect(() => parseFrontMatter("---\na: 1\na: 2\n---\n")).toThrow(/repeats "a"/);
  });
});

describe("an article's HTML", () => {
  it("never passes raw HTML, scripts or script links through", () => {
    const html = articleHtml(
      '# Title\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[click](javascript:alert(1)) [ok](/help/a) [out](https://example.com)',
    );
    // Shown as text, never as tags or attributes.
    expect(html).not.toMatch(/<script|<img|<h1|href="javascript:/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain('&lt;img src=x onerror="alert(1)"&gt;');
    // markdown-it does not make a link of a script address at all.
    expect(html).toContain("[click](javascript:alert(1))");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain('<a href="/help/a">ok</a>');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>');
  });

  it("keeps code, lists and tables", () => {
    const html = articleHtml("- one\n- `two`\n\n```sh\ncurl -X POST\n```\n\n| a | b |\n| :- | -: |\n| 1 | 2 |");
    expect(html).toContain("<li><code>two</code></li>");
    expect(html).toContain('<pre tabindex="0"><code>curl -X POST\n</code></pre>');
    expect(html).toContain('<table tabindex="0">');
    expect(html).toContain('<td style="text-align:right">2</td>');
  });

  it("reads as plain words for the search index", () => {
    expect(articleText("## Connect\n\nPress **Connect WhatsApp**, see [the guide](/help/x).\n\n- `SMTP_URL`")).toBe(
      "Connect\nPress Connect WhatsApp, see the guide.\nSMTP_URL",
    );
  });
});
