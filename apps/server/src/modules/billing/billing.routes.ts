import {
  BILLING_ADMIN_ONLY,
  billingOverviewSchema,
  billingRedirectSchema,
  canManage,
  invoicesQuerySchema,
  invoicesSchema,
  updateBillingSchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { httpError } from "#server/lib/http-error.ts";
import { companyOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { getBillingOverview, invoicePdf, listInvoices, updateBilling } from "./billing.service.ts";
import { openPortal, startCheckout } from "./stripe-customer.ts";

const tags = ["billing"];
const invoiceParams = z.object({ id: z.string() });

// Role checks run before the body is validated: a caller who may not act learns nothing from the input.
const managersOnly = async (request: FastifyRequest) => {
  if (!canManage(companyOf(request).role)) throw httpError(403, "forbidden", BILLING_ADMIN_ONLY);
};

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, stripe: app.stripe };

  app.get(
    "/app/billing.json",
    {
      schema: {
        tags,
        summary: "The billing tab: this month so far, the numbers, the subscription and the billing email",
        description:
          "Each phone number costs $3.00 a month, charged per day held (UTC days, from the day bought to the day released; bought and released the same day is one day): current_period lists this month's lines to today and their total. provider is stripe when the server charges through Stripe, else none (invoices are computed and not charged). billing_email defaults to the first owner's address. payment_problem is set while the latest failed payment is unpaid.",
        response: { 200: billingOverviewSchema },
      },
    },
    async (request) => getBillingOverview(deps, companyOf(request).id, new Date()),
  );

  app.patch(
    "/app/billing.json",
    {
      preValidation: managersOnly,
      schema: {
        tags,
        summary: "Set where invoices and payment problems are mailed (owners and admins)",
        description: "billing_email: an email address. Members get 403 and nothing changes. Answers the billing tab.",
        body: updateBillingSchema,
        response: { 200: billingOverviewSchema, ...errorResponses(403) },
      },
    },
    async (request) => updateBilling(deps, companyOf(request).id, request.body, new Date()),
  );

  app.get(
    "/app/invoices.json",
    {
      schema: {
        tags,
        summary: "The company's invoices, newest month first",
        description:
          "Without Stripe: one invoice per closed month in which the company held a number, computed from its numbers and marked not_charged (number FM-YYYYMM-<company>). With Stripe: Stripe's invoices as its webhooks told them. Paginated with page and per_page (up to 100); total counts them all.",
        querystring: invoicesQuerySchema,
        response: { 200: invoicesSchema },
      },
    },
    async (request) => listInvoices(deps, companyOf(request).id, request.query, new Date()),
  );

  app.get(
    "/app/invoices/:id.pdf",
    {
      schema: {
        tags,
        summary: "One invoice as a PDF (number, period, company, billing email, lines, total, status)",
        description:
          "Answers application/pdf as an attachment named invoice-{number}.pdf. Another company's invoice is a 404.",
        params: invoiceParams,
        response: { 200: z.any().describe("The PDF document (application/pdf)") },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await invoicePdf(deps, companyOf(request).id, request.params.id);
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );

  app.post(
    "/app/billing/checkout.json",
    {
      preValidation: managersOnly,
      schema: {
        tags,
        summary: "Start Stripe Checkout to save a card for the numbers (owners and admins)",
        description:
          "Answers the URL of a Stripe Checkout Session (setup mode) that returns to /settings?tab=billing. The company becomes a Stripe customer the first time. 409 when the server has no Stripe; 502 when Stripe does not answer.",
        response: { 200: billingRedirectSchema, ...errorResponses(403, 409, 502) },
      },
    },
    async (request) => startCheckout(deps, companyOf(request).id),
  );

  app.post(
    "/app/billing/portal.json",
    {
      preValidation: managersOnly,
      schema: {
        tags,
        summary: "Open Stripe's Customer Portal: card and Stripe's invoices (owners and admins)",
        description:
          "Answers the URL of a Customer Portal session that returns to /settings?tab=billing. 409 when the server has no Stripe; 502 when Stripe does not answer.",
        response: { 200: billingRedirectSchema, ...errorResponses(403, 409, 502) },
      },
    },
    async (request) => openPortal(deps, companyOf(request).id),
  );
};
