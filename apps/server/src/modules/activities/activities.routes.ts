import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// GET /app/activities.json: the company's activity log, filtered and paged.
export const activitiesRoutes: FastifyPluginAsyncZod = async () => {};
