import type { HelpArticle, HelpCentre, HelpContact, HelpContactAccepted, HelpSearch } from "@foreman/contract";
import type { Db } from "#server/db/client.ts";
import { httpError, notFound } from "#server/lib/http-error.ts";
import { productVersion } from "#server/lib/product-version.ts";
import { isUuid } from "#server/lib/uuid.ts";
import type { JobQueue } from "../jobs/index.ts";
import { queueMail } from "../mail/index.ts";
import { shippedArticles } from "./article-files.ts";
import { articleHtml } from "./article-markdown.ts";
import {
  findArticle,
  findMemberCompany,
  findSender,
  listArticleLinks,
  lockSenderContacts,
  recentContacts,
  searchArticles,
} from "./help.repository.ts";
import { readHeadline, searchWords } from "./search-query.ts";

/** The most matches a search answers: the help centre has a few dozen articles at most. */
export const SEARCH_RESULTS = 20;
/** Messages one person may send support within an hour: each is a real mail to a real inbox. */
export const CONTACTS_PER_HOUR = 5;
export const CONTACT_SUBJECT_PREFIX = "[Foreman help]";
export const CONTACT_OFF =
  "The contact form is off: this server has no support address (SUPPORT_EMAIL). Ask your administrator to set one.";

/** The sections, each at the place of its first article, and what the page shows around them. */
export async function getHelpCentre(db: Db, contactAvailable: boolean): Promise<HelpCentre> {
  const sections = new Map<string, HelpCentre["sections"][number]>();
  for (const { section, slug, title, summary } of await listArticleLinks(db)) {
    const entry = sections.get(section) ?? { name: section, articles: [] };
    entry.articles.push({ slug, title, summary });
    sections.set(section, entry);
  }
  return { version: productVersion(), contactAvailable, sections: [...sections.values()] };
}

/** Articles holding every word typed, best first, each with its snippet; a search of no words finds none. */
export async function searchHelp(db: Db, query: string): Promise<HelpSearch> {
  const words = searchWords(query);
  if (words.length === 0) return { query, results: [] };
  const matches = await searchArticles(db, words, SEARCH_RESULTS);
  return {
    query,
    results: matches.map(({ headline, ...article }) => {
      const { text, highlights } = readHeadline(headline);
      // The words matched only the title or the summary: the summary says what the article is about.
      return highlights.length > 0
        ? { ...article, snippet: text, highlights }
        : { ...article, snippet: article.summary, highlights: [] };
    }),
  };
}

const rendered = new Map<string, { body: string; html: string }>();

/** One article as sanitized HTML; an unknown name is a 404. */
export async function getHelpArticle(db: Db, slug: string): Promise<HelpArticle> {
  const [row, shipped] = await Promise.all([findArticle(db, slug), shippedArticles()]);
  const file = shipped.find((article) => article.slug === slug);
  if (!row || !file) throw notFound("No help article has this name");
  let cached = rendered.get(slug);
  if (cached?.body !== row.body) {
    cached = { body: row.body, html: articleHtml(row.body) };
    rendered.set(slug, cached);
  }
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    section: row.section,
    html: cached.html,
    updated: file.updated,
  };
}

export type ContactContext = {
  db: Db;
  queue: JobQueue;
  supportEmail: string | undefined;
  mailFrom: string;
  userId: string;
  /** X-Company-ID as sent, if it was: named in the mail when the sender is a member of that company. */
  companyId: string | null;
};

const tooMany = (seconds: number) =>
  httpError(
    429,
    "too_many_requests",
    `At most ${CONTACTS_PER_HOUR} messages to support an hour: try again in ${Math.ceil(seconds / 60)} minutes`,
    undefined,
    { "retry-after": String(seconds) },
  );

/**
 * Mails the message to SUPPORT_EMAIL through the outbox, with the sender's address as Reply-To so support
 * answers them directly. The limit is counted in the outbox itself, under a lock per sender.
 */
export async function sendSupportMessage(ctx: ContactContext, contact: HelpContact): Promise<HelpContactAccepted> {
  const { db, queue, supportEmail, mailFrom, userId } = ctx;
  if (!supportEmail) throw httpError(404, "not_found", CONTACT_OFF);
  const sender = await findSender(db, userId);
  if (!sender) throw httpError(401, "unauthorized", "Authentication required");
  const company = ctx.companyId && isUuid(ctx.companyId) ? await findMemberCompany(db, userId, ctx.companyId) : null;
  await queue.prepare();
  await db.transaction(async (tx) => {
    await lockSenderContacts(tx, userId);
    const recent = await recentContacts(tx, { supportEmail, replyTo: sender.email, seconds: 3600 });
    if (recent.count >= CONTACTS_PER_HOUR) throw tooMany(recent.secondsUntilFree);
    // No company's outbox lists it: it is the sender's own message, like mail about their account.
    await queueMail(tx, queue, {
      companyId: null,
      from: mailFrom,
      to: supportEmail,
      subject: `${CONTACT_SUBJECT_PREFIX} ${contact.subject}`,
      text: contactText(contact.message, { ...sender, userId }, company),
      headers: { replyTo: sender.email },
    });
  });
  queue.wake();
  return { status: "queued" };
}

function contactText(
  message: string,
  sender: { email: string; firstName: string; lastName: string; userId: string },
  company: { id: string; name: string; role: string } | null,
): string {
  const name = `${sender.firstName} ${sender.lastName}`.trim() || sender.email;
  return [
    message,
    "",
    "--",
    `From: ${name} <${sender.email}> (user ${sender.userId})`,
    company ? `Company: ${company.name} (${company.id}), as ${company.role}` : "Company: none named",
    `Foreman ${productVersion()}`,
    "",
    `Sent from the help centre's contact form. Replying answers ${name} at ${sender.email}.`,
  ].join("\n");
}
