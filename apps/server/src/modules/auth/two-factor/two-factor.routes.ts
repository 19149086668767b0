import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// Skeleton: /app/profile/two_factor*.json (enrol, confirm, turn off, new recovery codes).
export const twoFactorRoutes: FastifyPluginAsyncZod = async () => {};
