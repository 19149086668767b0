import { and, asc, count, eq, gt, min, notInArray, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { companies, helpArticles, memberships, outboundMails, users } from "#server/db/schema/index.ts";
import type { HelpArticleFile } from "./article-files.ts";
import { articleVector, MARK_END, MARK_START, prefixQuery } from "./search-query.ts";

// The help centre's queries. It writes only help_articles; users, memberships, companies and the outbox
// are read (the contact form's sender, their company, and the mails they already sent).

/** One sync at a time, across instances starting together on one PostgreSQL. */
export async function lockArticleSync(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('help-articles-sync'))`);
}

export async function listArticleHashes(db: Executor): Promise<Map<string, string>> {
  const rows = await db.select({ slug: helpArticles.slug, hash: helpArticles.contentHash }).from(helpArticles);
  return new Map(rows.map((row) => [row.slug, row.hash]));
}

/** Writes the article, its search vector from its text. */
export async function upsertArticle(tx: Executor, article: HelpArticleFile, text: string) {
  const values = {
    slug: article.slug,
    title: article.title,
    summary: article.summary,
    section: article.section,
    position: article.position,
    body: article.body,
    contentHash: article.contentHash,
    search: articleVector({ title: article.title, summary: article.summary, text }),
  };
  const { slug: _slug, ...changes } = values;
  await tx.insert(helpArticles).values(values).onConflictDoUpdate({ target: helpArticles.slug, set: changes });
}

/** Deletes the articles no longer shipped; answers how many. */
export async function deleteArticlesOtherThan(tx: Executor, slugs: string[]): Promise<number> {
  const deleted = await tx
    .delete(helpArticles)
    .where(slugs.length > 0 ? notInArray(helpArticles.slug, slugs) : undefined)
    .returning({ slug: helpArticles.slug });
  return deleted.length;
}

export async function listArticleLinks(db: Executor) {
  return db
    .select({
      slug: helpArticles.slug,
      title: helpArticles.title,
      summary: helpArticles.summary,
      section: helpArticles.section,
    })
    .from(helpArticles)
    .orderBy(asc(helpArticles.position), asc(helpArticles.slug));
}

export async function findArticle(db: Executor, slug: string) {
  const [row] = await db
    .select({
      slug: helpArticles.slug,
      title: helpArticles.title,
      summary: helpArticles.summary,
      section: helpArticles.section,
      body: helpArticles.body,
    })
    .from(helpArticles)
    .where(eq(helpArticles.slug, slug));
  return row ?? null;
}

/**
 * The article's Markdown as plain words for ts_headline: link addresses, heading and list marks, code
 * fences, table rules and inline marks taken out (the search vector is built from the same words). The
 * headline reads words as written, as the prefixes were typed.
 */
const plainBody = sql`regexp_replace(
  regexp_replace(
    regexp_replace(${helpArticles.body}, '\\]\\([^)]*\\)', '', 'g'),
    '^[ \\t]*(#{1,6}|[-*+]|[0-9]+\\.|>|\`\`\`[a-z]*|\\|?[ :|-]*-{3,}[ :|-]*$)[ \\t]*', '', 'gn'),
  '[*\`\\[\\]]+|\\|', '', 'g')`;

const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MinWords=12, MaxWords=28, MaxFragments=2, FragmentDelimiter=" … "`;

export type ArticleMatch = {
  slug: string;
  title: string;
  summary: string;
  section: string;
  headline: string;
};

/**
 * The articles holding every word, best first: those whose title has them all, then by rank, where a
 * word in the title (A) counts ten times one in the text (D) and one in the summary (B) four times.
 */
export async function searchArticles(db: Executor, words: string[], limit: number): Promise<ArticleMatch[]> {
  const result = await db.execute(sql`
    with q as (select ${prefixQuery(words)} as query)
    select help_articles.slug, help_articles.title, help_articles.summary, help_articles.section,
      ts_headline('simple', ${plainBody}, q.query, ${HEADLINE_OPTIONS}) as headline
    from help_articles, q
    where help_articles.search @@ q.query
    order by ts_filter(help_articles.search, '{a}') @@ q.query desc,
      ts_rank_cd('{0.1, 0.2, 0.4, 1.0}'::float4[], help_articles.search, q.query) desc,
      help_articles.position
    limit ${limit}`);
  return (result as unknown as { rows: ArticleMatch[] }).rows;
}

/** The contact form's sender. */
export async function findSender(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The company the sender named, when they are its member; null otherwise. */
export async function findMemberCompany(db: Executor, userId: string, companyId: string) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, role: memberships.role })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)));
  return row ?? null;
}

/** Holds one sender's count still until the transaction ends, so racing requests are counted in turn. */
export async function lockSenderContacts(tx: Executor, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`help-contact:${userId}`}))`);
}

/**
 * The sender's messages to support within the last `seconds` (the outbox's own rows: mails to the
 * support address that name them as Reply-To), and how long until the oldest of them leaves the window.
 */
export async function recentContacts(
  db: Executor,
  { supportEmail, replyTo, seconds }: { supportEmail: string; replyTo: string; seconds: number },
): Promise<{ count: number; secondsUntilFree: number }> {
  const [row] = await db
    .select({
      n: count(),
      oldest: min(outboundMails.createdAt),
      now: sql<string>`now()`,
    })
    .from(outboundMails)
    .where(
      and(
        eq(outboundMails.toAddress, supportEmail),
        sql`${outboundMails.headers}->>'replyTo' = ${replyTo}`,
        gt(outboundMails.createdAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    );
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
  const now = row?.now ? new Date(row.now).getTime() : Date.now();
  const secondsUntilFree = oldest === null ? 0 : Math.max(1, Math.ceil((oldest + seconds * 1000 - now) / 1000));
  return { count: row?.n ?? 0, secondsUntilFree };
}
