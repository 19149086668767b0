import { outboundMailListSchema, outboundMailSchema, paginationQuerySchema, testMailSchema } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { managerOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { getOutbox, sendTestMail, TEST_MAILS_PER_MINUTE } from "./outbox.service.ts";

const tags = ["email"];

/**
 * The outbox view (owners and admins only: a mail may hold anything a customer or an AI employee wrote)
 * and the test mail (company-scoped).
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const smtpConfigured = Boolean(app.config.mail.smtpUrl);

  app.get(
    "/app/outbound_mails.json",
    {
      schema: {
        tags,
        summary: "The company's outbox: every mail sent or kept, newest first (owners and admins)",
        description:
          "Each mail with its sender, recipient, subject, text and state: queued (waiting, or retrying while the SMTP server is away: last_error says why), sent, kept (no SMTP server is configured: it stays here unsent) or failed (refused for good: last_error has the server's words). smtp_configured says whether the server has SMTP_URL; total counts every mail of the company. page, per_page ≤ 100 (25 by default). A member gets 403.",
        querystring: paginationQuerySchema,
        response: { 200: outboundMailListSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      const companyId = managerOf(request).id;
      const { page, perPage } = request.query;
      return getOutbox(app.db, companyId, { page, perPage }, smtpConfigured);
    },
  );

  app.post(
    "/app/outbound_mails/test.json",
    {
      schema: {
        tags,
        summary: "Send a test mail (owners and admins)",
        description: `to: the address. A short mail from MAIL_FROM saying which company and who asked, through the outbox like every mail: answers 202 with the queued outbox row; it is then sent, or kept when no SMTP server is configured (GET /app/outbound_mails.json shows how it went). At most ${TEST_MAILS_PER_MINUTE} test mails a minute per company (429 too_many_requests). A member gets 403.`,
        body: testMailSchema,
        response: { 202: z.object({ outboundMail: outboundMailSchema }), ...errorResponses(403, 429) },
      },
    },
    async (request, reply) => {
      const companyId = managerOf(request).id;
      const mail = await sendTestMail(
        { db: app.db, queue: app.jobs, companyId, userId: request.user!.id, from: app.config.mail.from },
        request.body.to,
      );
      return reply.code(202).send({ outboundMail: mail });
    },
  );
};
