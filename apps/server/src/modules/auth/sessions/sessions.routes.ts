import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// Skeleton: /app/profile/sessions.json (list, end one, end all others).
export const sessionsRoutes: FastifyPluginAsyncZod = async () => {};
