import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// Skeleton: POST and PUT /users/password.json (forgot password: ask for a link, set a new password).
export const passwordResetRoutes: FastifyPluginAsyncZod = async () => {};
