import {
  INDICATORS_DEFAULT_FRAME,
  leadsBreakdownQuerySchema,
  leadsBreakdownSchema,
  REPORTS_DEFAULT_FRAME,
  salesIndicatorsQuerySchema,
  salesIndicatorsSchema,
  salesReportsQuerySchema,
  salesReportsSchema,
} from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { periodOf } from "#server/lib/period-query.ts";

import { pathCompanyId } from "#server/plugins/company-scope.ts";
import { getSalesIndicators } from "./indicators.service.ts";
import { getLeadsBreakdown } from "./leads-breakdown.service.ts";
import { getSalesReports } from "./reports.service.ts";

const companyParams = z.object({ companyId: z.string() });

export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app/companies/:companyId/sales_indicators.json",
    {
      // Answered from memory until the company's data changes (plugins/answer-cache.ts).
      config: { cachedAnswer: true },
      schema: {
        tags: ["sales"],
        summary: "Sales indicators for a period and the period of equal length before it",
        description:
          "relative_date (daily by default) or both q[created_at_gteq] and q[created_at_lteq]. Only completed orders count as sales; the amount is in the company's main currency.",
        params: companyParams,
        querystring: salesIndicatorsQuerySchema,
        response: { 200: salesIndicatorsSchema },
      },
    },
    async (request) => {
      const companyId = pathCompanyId(request, request.params.companyId);
      return getSalesIndicators(app.db, companyId, periodOf(request.query, INDICATORS_DEFAULT_FRAME));
    },
  );

  app.get(
    "/app/companies/:companyId/leads_breakdowns.json",
    {
      // Answered from memory until the company's data changes (plugins/answer-cache.ts).
      config: { cachedAnswer: true },
      schema: {
        tags: ["sales"],
        summary: "The period's leads, newest first, optionally of one stage, with the total",
        description:
          "relative_date (daily by default, like the indicators it sits beside) or both q[created_at_gteq] and q[created_at_lteq]; per_page ≤ 100.",
        params: companyParams,
        querystring: leadsBreakdownQuerySchema,
        response: { 200: leadsBreakdownSchema },
      },
    },
    async (request) => {
      const companyId = pathCompanyId(request, request.params.companyId);
      const { stage, page, perPage } = request.query;
      const period = periodOf(request.query, INDICATORS_DEFAULT_FRAME);
      return getLeadsBreakdown(app.db, { companyId, period, stage }, { page, perPage });
    },
  );

  app.get(
    "/app/companies/:companyId/sales_reports.json",
    {
      schema: {
        tags: ["sales"],
        summary: "The sales reports: funnel, sales and leads over time, purchase orders by state, leads by channel",
        description:
          "relative_date (monthly by default) or both q[created_at_gteq] and q[created_at_lteq]. Over-time series are grouped by day up to 31 days, by week (Monday) up to 182, by month beyond; every bucket is present. Only completed orders count as sales; amounts are in the company's main currency.",
        params: companyParams,
        querystring: salesReportsQuerySchema,
        response: { 200: salesReportsSchema },
      },
    },
    async (request) => {
      const companyId = pathCompanyId(request, request.params.companyId);
      return getSalesReports(app.db, companyId, periodOf(request.query, REPORTS_DEFAULT_FRAME));
    },
  );
};
