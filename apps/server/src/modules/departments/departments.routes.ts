import { departmentListSchema } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { companyOf } from "#server/plugins/company-scope.ts";
import { COMPANY_SCOPED, errorResponses } from "#server/plugins/openapi.ts";
import { getDepartments } from "./departments.service.ts";

export const departmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app/ai_departments.json",
    {
      preHandler: [app.authenticate, app.requireCompany],
      schema: {
        tags: ["departments"],
        summary: "The selected company's AI departments, sorted by name",
        security: COMPANY_SCOPED,
        response: { 200: departmentListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getDepartments(app.db, companyOf(request).id),
  );
};
