import { customType, index, integer, pgTable, text } from "drizzle-orm/pg-core";

// modules/help: the help centre's articles, which ship with the product as Markdown and are copied here
// at start so they are searched with the same full-text engine as the knowledge base.

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const helpArticles = pgTable(
  "help_articles",
  {
    slug: text("slug").primaryKey(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    section: text("section").notNull(),
    position: integer("position").notNull(),
    body: text("body").notNull(),
    // The file's hash: an unchanged article is not rewritten at start.
    contentHash: text("content_hash").notNull(),
    search: tsvector("search").notNull(),
  },
  (t) => [index("help_articles_search_idx").using("gin", t.search)],
);
