import type { Db } from "#server/db/client.ts";
import type { HelpArticleFile } from "./article-files.ts";
import { articleText } from "./article-markdown.ts";
import { deleteArticlesOtherThan, listArticleHashes, lockArticleSync, upsertArticle } from "./help.repository.ts";

/**
 * Makes help_articles hold exactly the shipped articles: a new or changed file (by its hash) is written
 * with its search vector, an article no longer shipped is deleted, an unchanged one is left alone. Runs
 * when the app is ready; instances starting together on one PostgreSQL take turns.
 */
export async function syncHelpArticles(db: Db, articles: readonly HelpArticleFile[]) {
  return db.transaction(async (tx) => {
    await lockArticleSync(tx);
    const stored = await listArticleHashes(tx);
    const changed = articles.filter((article) => stored.get(article.slug) !== article.contentHash);
    for (const article of changed) await upsertArticle(tx, article, articleText(article.body));
    const deleted = await deleteArticlesOtherThan(
      tx,
      articles.map((article) => article.slug),
    );
    return { written: changed.length, deleted };
  });
}
