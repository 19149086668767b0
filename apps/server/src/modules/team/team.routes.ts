import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// Skeleton: company-scoped /app/members*.json and /app/invitations*.json.
export const teamRoutes: FastifyPluginAsyncZod = async () => {};
