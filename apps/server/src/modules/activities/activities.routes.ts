import { activitiesPageSchema, activitiesQuerySchema } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { companyOf } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { getActivitiesPage } from "./activities.service.ts";

// GET /app/activities.json: the company's activity log, filtered and paged.
export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app/activities.json",
    {
      schema: {
        tags: ["activities"],
        summary: "The company's activity log: who did what to which record, newest first, with the total",
        description: [
          "Filters: actor_type (user | ai_employee | system), actor_id (the staff user's or AI employee's UUID),",
          "subject_type and subject_id (the record concerned), kind, created_at_gteq and created_at_lteq",
          "(ISO 8601 timestamps with an offset; inclusive; gteq after lteq is a 400). page, per_page ≤ 100",
          "(25 by default). Every member can read it; rows are never changed once written.",
        ].join(" "),
        querystring: activitiesQuerySchema,
        response: { 200: activitiesPageSchema, ...errorResponses(400) },
      },
    },
    async (request) => getActivitiesPage(app.db, companyOf(request).id, request.query),
  );
};
