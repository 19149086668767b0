import { camelizeKeys, helpArticleSchema, helpCentreSchema, helpSearchSchema } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config.ts";
import { productVersion } from "#server/lib/product-version.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { addMember, apiHeaders, createCompany, createMember, issueTokenFor } from "#server/test/fixtures.ts";
import { type SmtpSink, smtpSink } from "#server/test/smtp-sink.ts";
import { rows } from "#server/test/tasks-setup.ts";
import { readArticleFiles } from "./article-files.ts";
import { syncHelpArticles } from "./article-sync.ts";
import { CONTACT_SUBJECT_PREFIX, CONTACTS_PER_HOUR } from "./help.service.ts";

// The help centre through the real HTTP layer on a real database (PGlite, and PostgreSQL with TEST_DB):
// the shipped articles copied in at start, searched with PostgreSQL's full-text search as you type, an
// article rendered and sanitized, and the contact form mailed to a real SMTP server on loopback.

type Headers = Record<string, string>;

const get = (t: TestApp, url: string, headers: Headers) => t.app.inject({ url, headers });

async function search(t: TestApp, headers: Headers, q: string) {
  const response = await get(t, `/app/help/articles.json?q=${encodeURIComponent(q)}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return helpSearchSchema.parse(camelizeKeys(response.json()));
}

const articleRows = (t: TestApp) =>
  rows(t.db, sql`select slug, title, content_hash from help_articles order by position, slug`);

describe("the help centre", () => {
  let t: TestApp;
  let headers: Headers;
  beforeAll(async () => {
    t = await createTestApp();
    const { user, company } = await createMember(t.db);
    headers = apiHeaders((await issueTokenFor(t.db, user.id)).accessToken, company.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it("holds every shipped article once the app is ready", async () => {
    const shipped = await readArticleFiles();
    expect(await articleRows(t)).toEqual(
      shipped.map((article) => ({ slug: article.slug, title: article.title, content_hash: article.contentHash })),
    );
  });

  it("lists the sections in order with their articles, the version, and no contact form without SUPPORT_EMAIL", async () => {
    const response = await get(t, "/app/help.json", headers);
    expect(response.statusCode, response.body).toBe(200);
    const centre = helpCentreSchema.parse(camelizeKeys(response.json()));
    expect(centre.version).toBe(productVersion());
    expect(centre.contactAvailable).toBe(false);
    const shipped = await readArticleFiles();
    expect(centre.sections.flatMap((section) => section.articles.map((article) => article.slug))).toEqual(
      shipped.map((article) => article.slug),
    );
    expect(centre.sections[0]).toMatchObject({ name: "Getting started" });
    expect(centre.sections[0]!.articles[0]).toEqual({
      slug: "getting-started",
      title: "Getting started with Foreman",
      summary: shipped[0]!.summary,
    });
  });

  it("answers only a signed-in caller", async () => {
    for (const url of [
      "/app/help.json",
      "/app/help/articles.json?q=whatsapp",
      "/app/help/articles/getting-started.json",
    ])
      expect((await get(t, url, apiHeaders())).statusCode, url).toBe(401);
  });

  it("finds an article by a prefix of a word, as you type it", async () => {
    for (const q of ["whats", "WhatsA", "whatsapp"]) {
      const { results } = await search(t, headers, q);
      expect(results[0]?.slug, q).toBe("connecting-whatsapp");
    }
  });

  it("finds an article by a word of its text only, and a word in another form", async () => {
    // "authenticator" is in the text of one article, in neither a title nor a summary.
    expect((await search(t, headers, "authenticator")).results.map((r) => r.slug)).toEqual(["roles-and-the-team"]);
    // The English stemmer: "forwarding" finds "forward".
    expect((await search(t, headers, "forwarding")).results.map((r) => r.slug)).toContain("connecting-email");
  });

  it("needs every word, and puts an article whose title has them first", async () => {
    const { results } = await search(t, headers, "tickets");
    expect(results.length).toBeGreaterThan(3);
    expect(results[0]!.slug).toBe("support-desk");
    const both = await search(t, headers, "connect email");
    expect(both.results[0]!.slug).toBe("connecting-email");
    expect(both.results.every((r) => r.slug !== "support-desk" || r.snippet.toLowerCase().includes("email"))).toBe(
      true,
    );
    expect((await search(t, headers, "whatsapp zebracorn")).results).toEqual([]);
  });

  it("answers a snippet of plain text with the matched words' ranges", async () => {
    const { results } = await search(t, headers, "recovery codes");
    const match = results.find((r) => r.slug === "roles-and-the-team")!;
    expect(match.highlights.length).toBeGreaterThan(0);
    const marked = match.highlights.map(({ start, end }) => match.snippet.slice(start, end).toLowerCase());
    expect(marked).toContain("recovery");
    expect(marked).toContain("codes");
    // The Markdown's marks never reach the snippet.
    for (const result of results) expect(result.snippet).not.toMatch(/\*\*|\]\(|^#|`/);
  });

  it("answers the summary when only the title matched", async () => {
    const { results } = await search(t, headers, "dashboard reports");
    const match = results.find((r) => r.slug === "dashboard-and-reports")!;
    expect(match.snippet.length).toBeGreaterThan(0);
  });

  it("finds nothing for a search of no letters, and takes tsquery syntax as plain text", async () => {
    expect((await search(t, headers, "?! … ¿")).results).toEqual([]);
    for (const q of ["a & b | !c:* <-> (d", "o'reilly", "\\", "whats:*"]) {
      const response = await get(t, `/app/help/articles.json?q=${encodeURIComponent(q)}`, headers);
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
    }
  });

  it("refuses a missing, blank or over-long search with the field named", async () => {
    for (const query of ["", "?q=", "?q=%20%20", `?q=${"a".repeat(201)}`]) {
      const response = await get(t, `/app/help/articles.json${query}`, headers);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details?.[0]?.field, query).toBe("q");
    }
  });

  it("answers an article as sanitized HTML, with the day it was revised", async () => {
    const response = await get(t, "/app/help/articles/getting-started.json", headers);
    expect(response.statusCode, response.body).toBe(200);
    const article = helpArticleSchema.parse(camelizeKeys(response.json()));
    expect(article).toMatchObject({ slug: "getting-started", section: "Getting started", updated: "2026-11-28" });
    expect(article.html).toContain("<h2>What a new company starts with</h2>");
    expect(article.html).toContain('<a href="/help/hiring-an-ai-employee">');
    expect(article.html).toContain("<code>/sign_up</code>");
    expect(article.html).not.toMatch(/<script|<h1|on\w+=/i);
  });

  it("answers 404 for an unknown article and 400 for a name that cannot be one", async () => {
    const unknown = await get(t, "/app/help/articles/no-such-article.json", headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: "not_found", error_description: "No help article has this name" });
    for (const slug of ["Getting_Started", "a--b", "x".repeat(81)]) {
      const bad = await get(t, `/app/help/articles/${slug}.json`, headers);
      expect(bad.statusCode, slug).toBe(400);
      expect(bad.json().details?.[0]?.field, slug).toBe("slug");
    }
  });

  it("hides the contact form without SUPPORT_EMAIL: 404 with why, nothing written", async () => {
    const before = await rows(t.db, sql`select count(*)::int as n from outbound_mails`);
    const response = await t.app.inject({
      method: "POST",
      url: "/app/help/contact.json",
      headers,
      payload: { subject: "Invoices", message: "Where do I find my invoices?" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error_description).toMatch(/SUPPORT_EMAIL/);
    expect(await rows(t.db, sql`select count(*)::int as n from outbound_mails`)).toEqual(before);
  });
});

describe("syncing the shipped articles", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("writes nothing when nothing changed, rewrites a changed article and deletes a removed one", async () => {
    const shipped = await readArticleFiles();
    expect(await syncHelpArticles(t.db, shipped)).toEqual({ written: 0, deleted: 0 });

    const [first, second, ...rest] = shipped;
    const edited = { ...first!, title: "Welcome aboard", body: "Zebracorn herding, step by step.", contentHash: "new" };
    expect(await syncHelpArticles(t.db, [edited, ...rest])).toEqual({ written: 1, deleted: 1 });
    const slugs = (await articleRows(t)).map((row) => row.slug);
    expect(slugs).not.toContain(second!.slug);
    expect(slugs).toHaveLength(shipped.length - 1);
    // The rewritten article is searched by its new words.
    const headers = apiHeaders((await issueTokenFor(t.db, (await createMember(t.db)).user.id)).accessToken);
    expect((await search(t, headers, "zebracorn")).results.map((r) => r.slug)).toEqual([first!.slug]);

    expect(await syncHelpArticles(t.db, shipped)).toEqual({ written: 2, deleted: 0 });
    expect((await search(t, headers, "zebracorn")).results).toEqual([]);
  });
});

describe("the contact form with SUPPORT_EMAIL", () => {
  const SUPPORT = "help-desk@foreman.example";
  let t: TestApp;
  let sink: SmtpSink;
  let sender: { email: string; companyId: string; companyName: string; headers: Headers };
  const contact = (headers: Headers, payload: unknown) =>
    t.app.inject({ method: "POST", url: "/app/help/contact.json", headers, payload: payload as object });
  const supportMails = () =>
    rows(t.db, sql`select company_id, subject, headers from outbound_mails where to_address = ${SUPPORT}`);

  beforeAll(async () => {
    sink = await smtpSink();
    t = await createTestApp({
      env: { SMTP_URL: sink.url, SUPPORT_EMAIL: SUPPORT, MAIL_FROM: "Foreman <no-reply@foreman.example>" },
    });
    const { user, company } = await createMember(t.db, "Lantern Goods");
    sender = {
      email: user.email,
      companyId: company.id,
      companyName: company.name,
      headers: apiHeaders((await issueTokenFor(t.db, user.id)).accessToken, company.id),
    };
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it("says the form is available", async () => {
    const response = await get(t, "/app/help.json", sender.headers);
    expect(response.json().contact_available).toBe(true);
  });

  it("refuses a bad message with each field named, and writes nothing", async () => {
    for (const [payload, fields] of [
      [{}, ["subject", "message"]],
      [{ subject: "Hi\nBcc: someone@example.com", message: "A message long enough" }, ["subject"]],
      [{ subject: "Hi", message: "short" }, ["message"]],
      [{ subject: "s".repeat(151), message: "m".repeat(5001) }, ["subject", "message"]],
    ] as const) {
      const response = await contact(sender.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details.map((d: { field: string }) => d.field)).toEqual(fields);
    }
    expect(await supportMails()).toEqual([]);
    expect((await contact(apiHeaders(), { subject: "Hi", message: "A message long enough" })).statusCode).toBe(401);
  });

  it("mails support with the sender as Reply-To, naming their company", async () => {
    const response = await contact(sender.headers, {
      subject: "Where are my invoices?",
      message: "I cannot find last month's invoices anywhere.",
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ status: "queued" });

    await expect.poll(() => sink.mails.filter((m) => m.to.includes(SUPPORT)).length, { timeout: 15_000 }).toBe(1);
    const mail = await simpleParser(sink.mails.find((m) => m.to.includes(SUPPORT))!.raw);
    expect(mail.subject).toBe(`${CONTACT_SUBJECT_PREFIX} Where are my invoices?`);
    expect(mail.replyTo?.text).toBe(sender.email);
    expect(mail.from?.text).toContain("no-reply@foreman.example");
    expect(mail.text).toContain("I cannot find last month's invoices anywhere.");
    expect(mail.text).toContain(`Company: ${sender.companyName} (${sender.companyId}), as owner`);
    expect(mail.text).toContain(`Foreman ${productVersion()}`);
    // It belongs to no company's outbox: it is the sender's own message.
    expect((await supportMails())[0]).toMatchObject({ company_id: null });
  });

  it("names no company the sender is not a member of", async () => {
    const stranger = await createCompany(t.db, "Someone Else's Company");
    const { user } = await createMember(t.db);
    const company = await createCompany(t.db);
    await addMember(t.db, user.id, company.id, "member");
    const token = (await issueTokenFor(t.db, user.id)).accessToken;
    const response = await contact(apiHeaders(token, stranger.id), {
      subject: "A question",
      message: "Which company am I writing from?",
    });
    expect(response.statusCode, response.body).toBe(202);
    await expect.poll(() => sink.mails.filter((m) => m.to.includes(SUPPORT)).length, { timeout: 15_000 }).toBe(2);
    const mail = await simpleParser(sink.mails.filter((m) => m.to.includes(SUPPORT))[1]!.raw);
    expect(mail.text).toContain("Company: none named");
    expect(mail.text).not.toContain("Someone Else");
  });

  it(`takes at most ${CONTACTS_PER_HOUR} messages an hour from one person, then answers 429 with retry-after`, async () => {
    const { user } = await createMember(t.db);
    const headers = apiHeaders((await issueTokenFor(t.db, user.id)).accessToken);
    const message = { subject: "Again", message: "One more message to support." };
    const answers = await Promise.all(Array.from({ length: CONTACTS_PER_HOUR + 2 }, () => contact(headers, message)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      ...Array(CONTACTS_PER_HOUR).fill(202),
      ...Array(2).fill(429),
    ]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ error: "too_many_requests" });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const mine = (await supportMails()).filter((m) => (m.headers as { replyTo?: string }).replyTo === user.email);
    expect(mine).toHaveLength(CONTACTS_PER_HOUR);
  });
});

describe("SUPPORT_EMAIL", () => {
  it("is an address, trimmed, or unset", () => {
    expect(loadConfig({ SUPPORT_EMAIL: " help@foreman.example " }).supportEmail).toBe("help@foreman.example");
    expect(loadConfig({}).supportEmail).toBeUndefined();
    expect(() => loadConfig({ SUPPORT_EMAIL: "not an address" })).toThrow(ConfigError);
    expect(() => loadConfig({ SUPPORT_EMAIL: "not an address" })).toThrow(/SUPPORT_EMAIL must be an email address/);
  });
});
