import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { isHelpSlug } from "@foreman/contract";
import { REPO_ROOT } from "#server/paths.ts";
import { parseFrontMatter } from "./front-matter.ts";

// The help centre's articles ship with the product as Markdown files beside this module. Read from the
// repository root, so the precompiled server (apps/server/dist) finds the same folder as the sources.

export const HELP_ARTICLES_DIR = path.join(REPO_ROOT, "apps/server/src/modules/help/articles");

export type HelpArticleFile = {
  /** The file's name without `.md`: the article's address, `/help/<slug>`. */
  slug: string;
  title: string;
  summary: string;
  section: string;
  /** Orders the articles, and the sections by their first article. */
  position: number;
  /** YYYY-MM-DD: when the article was last revised. */
  updated: string;
  /** The Markdown after the front matter. */
  body: string;
  /** SHA-256 of the whole file: an article whose file did not change is not written again. */
  contentHash: string;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One article from its file's text; throws naming the file and what is wrong with it. */
export function parseArticleFile(fileName: string, text: string): HelpArticleFile {
  const fail = (problem: string): never => {
    throw new Error(`Help article ${fileName}: ${problem}`);
  };
  const slug = fileName.replace(/\.md$/, "");
  if (!isHelpSlug(slug)) fail("the file name must be lowercase words joined by dashes, ending in .md");
  let parsed: ReturnType<typeof parseFrontMatter>;
  try {
    parsed = parseFrontMatter(text);
  } catch (error) {
    return fail((error as Error).message);
  }
  const { fields, body } = parsed;
  const required = (key: string) => fields[key] || fail(`the front matter has no ${key}`);
  const position = Number(required("position"));
  if (!Number.isSafeInteger(position)) fail("position must be a whole number");
  const updated = required("updated");
  if (!DATE.test(updated) || Number.isNaN(Date.parse(updated))) fail("updated must be a date like 2026-11-28");
  if (body.trim() === "") fail("the article has no text");
  return {
    slug,
    title: required("title"),
    summary: required("summary"),
    section: required("section"),
    position,
    updated,
    body,
    contentHash: createHash("sha256").update(text).digest("hex"),
  };
}

/** Every article in `dir`, by position. */
export async function readArticleFiles(dir = HELP_ARTICLES_DIR): Promise<HelpArticleFile[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith(".md")).sort();
  const articles = await Promise.all(
    names.map(async (name) => parseArticleFile(name, await readFile(path.join(dir, name), "utf8"))),
  );
  return articles.sort((a, b) => a.position - b.position || a.slug.localeCompare(b.slug));
}

let shipped: Promise<HelpArticleFile[]> | undefined;

/** The articles this build ships, read once per process (they change only with a new build). */
export function shippedArticles(): Promise<HelpArticleFile[]> {
  shipped ??= readArticleFiles().catch((error: unknown) => {
    shipped = undefined;
    throw error;
  });
  return shipped;
}
