import { departmentListSchema } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { companyOf } from "#server/plugins/company-scope.ts";

import { getDepartments } from "./departments.service.ts";

export const departmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app/ai_departments.json",
    {
      schema: {
        tags: ["departments"],
        summary: "The selected company's AI departments, sorted by name",
        response: { 200: departmentListSchema },
      },
    },
    async (request) => getDepartments(app.db, companyOf(request).id),
  );
};
