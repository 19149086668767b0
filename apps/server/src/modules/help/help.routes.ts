import {
  COMPANY_ID_HEADER,
  HELP_QUERY_MAX,
  helpArticleParamsSchema,
  helpArticleSchema,
  helpCentreSchema,
  helpContactAcceptedSchema,
  helpContactSchema,
  helpSearchQuerySchema,
  helpSearchSchema,
  parseCompanyIdHeader,
} from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BEARER, errorResponses } from "#server/plugins/openapi.ts";
import {
  CONTACTS_PER_HOUR,
  getHelpArticle,
  getHelpCentre,
  SEARCH_RESULTS,
  searchHelp,
  sendSupportMessage,
} from "./help.service.ts";

const tags = ["help"];

/**
 * The help centre (every signed-in user; not company-scoped: the articles are the product's). The
 * caller is authenticated before anything else is read, the body included.
 */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const contactAvailable = Boolean(app.config.supportEmail);

  app.get(
    "/app/help.json",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The help centre: its sections and articles in order, the contact form's state, the version",
        description:
          "sections: each with its articles (slug, title, summary), in the order the help centre shows them. contact_available: the server has a support address (SUPPORT_EMAIL), so POST /app/help/contact.json works. version: the product's version.",
        security: BEARER,
        response: { 200: helpCentreSchema, ...errorResponses(401) },
      },
    },
    async () => getHelpCentre(app.db, contactAvailable),
  );

  app.get(
    "/app/help/articles.json",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Search the help centre as you type",
        description: `q: the search, 1 to ${HELP_QUERY_MAX} characters besides spaces (400 otherwise). Every word must match, each as a prefix ("whats" finds WhatsApp), in English word forms and as written, accents ignored. Matches come best first: articles whose title holds every word, then by rank (title above summary above text); at most ${SEARCH_RESULTS}. Each carries a snippet of plain text and highlights, the [start, end) ranges of the matched words in it (UTF-16 code units). A search of no letters or digits finds nothing.`,
        security: BEARER,
        querystring: helpSearchQuerySchema,
        response: { 200: helpSearchSchema, ...errorResponses(401) },
      },
    },
    async (request) => searchHelp(app.db, request.query.q),
  );

  app.get(
    "/app/help/articles/:slug.json",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "One help article",
        description:
          "The article rendered from its Markdown to HTML (raw HTML in the Markdown is never passed through) and sanitized: headings, paragraphs, lists, code, links, tables. updated: the day it was last revised (YYYY-MM-DD). An unknown slug is a 404.",
        security: BEARER,
        params: helpArticleParamsSchema,
        response: { 200: helpArticleSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getHelpArticle(app.db, request.params.slug),
  );

  app.post(
    "/app/help/contact.json",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Write to support (the help centre's contact form)",
        description: `subject (one line, ≤ 150 characters) and message (10 to 5,000 characters). Mailed to the server's SUPPORT_EMAIL through the outbox, from MAIL_FROM with the sender's address as Reply-To, naming the sender, the product's version and, when X-Company-ID names a company the sender belongs to, that company. Answers 202 once queued. Without SUPPORT_EMAIL: 404 (the help centre hides the form). At most ${CONTACTS_PER_HOUR} an hour per person (429 too_many_requests with retry-after).`,
        security: BEARER,
        body: helpContactSchema,
        response: { 202: helpContactAcceptedSchema, ...errorResponses(401, 404, 429) },
      },
    },
    async (request, reply) => {
      const accepted = await sendSupportMessage(
        {
          db: app.db,
          queue: app.jobs,
          supportEmail: app.config.supportEmail,
          mailFrom: app.config.mail.from,
          userId: request.user!.id,
          companyId: parseCompanyIdHeader(request.headers[COMPANY_ID_HEADER.toLowerCase()]),
        },
        request.body,
      );
      return reply.code(202).send(accepted);
    },
  );
};
