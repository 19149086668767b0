import {
  QUOTE_FILTER_KEYS,
  QUOTES_DEFAULT_FRAME,
  quoteDetailSchema,
  quotesPageSchema,
  quotesQuerySchema,
} from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { periodOf } from "#server/lib/period-query.ts";
import { companyOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { findCompanyName } from "./order-actions.repository.ts";
import { cancelQuote } from "./order-actions.service.ts";
import { renderQuotePdf } from "./order-pdf.ts";
import { getQuote, getQuotesPage } from "./orders.service.ts";

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app/quotes.json",
    {
      // Answered from memory until the company's data changes (plugins/answer-cache.ts).
      config: { cachedAnswer: true },
      schema: {
        tags: ["sales"],
        summary: "The company's quotes and orders, newest first, with the total the filters match",
        description:
          "q[conversation_id_eq], q[lead_id_eq], q[ai_employee_id_eq], q[state_eq]; relative_date (monthly by default) or both q[created_at_gteq] and q[created_at_lteq]; page, per_page ≤ 100.",
        querystring: quotesQuerySchema,
        response: { 200: quotesPageSchema },
      },
    },
    async (request) => {
      const query = request.query;
      return getQuotesPage(
        app.db,
        {
          companyId: companyOf(request).id,
          period: periodOf(query, QUOTES_DEFAULT_FRAME),
          conversationId: query[QUOTE_FILTER_KEYS.conversationId],
          leadId: query[QUOTE_FILTER_KEYS.leadId],
          aiEmployeeId: query[QUOTE_FILTER_KEYS.aiEmployeeId],
          state: query[QUOTE_FILTER_KEYS.state],
        },
        { page: query.page, perPage: query.perPage },
      );
    },
  );

  app.get(
    "/app/quotes/:id.json",
    {
      schema: {
        tags: ["sales"],
        summary: "One quote or order with its customer, delivery address, line items and links",
        params: z.object({ id: z.string() }),
        response: { 200: quoteDetailSchema },
      },
    },
    async (request) => getQuote(app.db, companyOf(request).id, request.params.id),
  );

  app.get(
    "/app/quotes/:id.pdf",
    {
      schema: {
        tags: ["sales"],
        summary: "One quote or order as a PDF (company, customer, delivery address, items, totals)",
        description: "Answers application/pdf as an attachment named order-{number}.pdf.",
        params: z.object({ id: z.string() }),
        // Binary: Fastify sends the Buffer as it is; the schema only documents the status.
        response: { 200: z.any().describe("The PDF document (application/pdf)") },
      },
    },
    async (request, reply) => {
      const companyId = companyOf(request).id;
      const quote = await getQuote(app.db, companyId, request.params.id);
      const pdf = await renderQuotePdf(quote, { companyName: await findCompanyName(app.db, companyId) });
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="order-${quote.number}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    "/app/quotes/:id/cancel.json",
    {
      schema: {
        tags: ["sales"],
        summary: "Cancel an open quote or order",
        description:
          "Only from draft, draft_sent, sent, pending, confirmed or started; a completed or cancelled one answers 422 not_cancellable and is left unchanged. A placed order (pending, confirmed, started) only an owner or admin may cancel, or a member when the company's members_may_approve is on: anyone else gets 403 and nothing changes. Answers the updated quote as GET /app/quotes/{id}.json does.",
        params: z.object({ id: z.string() }),
        response: { 200: quoteDetailSchema, ...errorResponses(403, 422) },
      },
    },
    async (request) => {
      const { id: companyId, role } = companyOf(request);
      return cancelQuote(app.db, { companyId, role }, request.params.id, request.user!.id);
    },
  );
};
