import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// Skeleton: /app/profile.json, /app/profile/email_change.json, /app/profile/password.json, POST /users/email_confirmation.json.
export const profileRoutes: FastifyPluginAsyncZod = async () => {};
