import { COMPANY_ID_HEADER, meSchema, parseCompanyIdHeader } from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BEARER, errorResponses } from "#server/plugins/openapi.ts";
import { getMe } from "./companies.service.ts";
import type { UserAccessCache } from "./user-access-cache.ts";

export const companiesRoutes: FastifyPluginAsyncZod<{ users: UserAccessCache }> = async (app, { users }) => {
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
      return getMe(await users.find(app.db, request.user!.id), companyId);
    },
  );
};
