import { COMPANY_ID_HEADER, meSchema, parseCompanyIdHeader } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BEARER, errorResponses } from "#server/plugins/openapi.ts";
import { getMe } from "./companies.service.ts";

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/app/me.json",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["companies"],
        summary: "The signed-in user, the selected company and every company they manage",
        security: BEARER,
        response: { 200: meSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const companyId = parseCompanyIdHeader(request.headers[COMPANY_ID_HEADER.toLowerCase()]);
      return getMe(app.db, request.user!.id, companyId);
    },
  );
};
