import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// Skeleton: company-scoped POST and DELETE /app/companies/{companyId}/logo.json.
export const companyLogoRoutes: FastifyPluginAsyncZod = async () => {};
