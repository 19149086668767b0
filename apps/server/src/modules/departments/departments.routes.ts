import {
  DEPARTMENT_WORK_LIMIT,
  departmentListSchema,
  departmentWorkListQuerySchema,
  departmentWorkSchema,
  lapsedCustomersPageSchema,
  RETENTION_LAPSED_DAYS,
  unpaidOrdersPageSchema,
} from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { getDepartments } from "./departments.service.ts";
import { getDepartmentWork, getLapsedCustomers, getUnpaidOrders } from "./work.service.ts";

const tags = ["departments"];

export const departmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app/ai_departments.json",
    {
      schema: {
        tags,
        summary: "The selected company's AI departments, sorted by name",
        description: "is_active: the department has at least one active AI employee.",
        response: { 200: departmentListSchema },
      },
    },
    async (request) => getDepartments(app.db, companyOf(request).id),
  );

  app.get(
    "/app/ai_departments/:id/work.json",
    {
      schema: {
        tags,
        summary: "What a department's AI employees have open: leads, quotes, conversations and action items",
        description: `Newest first, at most ${DEPARTMENT_WORK_LIMIT} of each with the total: leads not won or lost, quotes in draft, draft_sent, sent or started, conversations not resolved, action items to do. Another company's department is a 404.`,
        params: z.object({ id: z.string() }),
        response: { 200: departmentWorkSchema, ...errorResponses(404) },
      },
    },
    async (request) => getDepartmentWork(app.db, companyOf(request).id, request.params.id),
  );

  app.get(
    "/app/collections/orders.json",
    {
      schema: {
        tags,
        summary: "Collections: orders confirmed or pending (placed, not yet won), oldest first, with their age",
        description:
          "age_days: whole days since the order was created. outstanding_cents sums every unpaid order in the company's main currency. page, per_page ≤ 100 (default 25).",
        querystring: departmentWorkListQuerySchema,
        response: { 200: unpaidOrdersPageSchema },
      },
    },
    async (request) => getUnpaidOrders(app.db, companyOf(request).id, request.query),
  );

  app.get(
    "/app/retention/customers.json",
    {
      schema: {
        tags,
        summary: `Retention: customers with past orders and none in the last ${RETENTION_LAPSED_DAYS} days, most valuable first`,
        description:
          "Orders are those placed (confirmed, pending or completed); lifetime_value_cents sums the completed ones in the company's main currency. page, per_page ≤ 100 (default 25).",
        querystring: departmentWorkListQuerySchema,
        response: { 200: lapsedCustomersPageSchema },
      },
    },
    async (request) => getLapsedCustomers(app.db, companyOf(request).id, request.query),
  );
};
