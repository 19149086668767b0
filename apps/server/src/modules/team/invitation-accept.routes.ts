import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// Skeleton: POST /invitations/lookup.json (public) and POST /app/invitations/accept.json (signed in).
export const invitationAcceptRoutes: FastifyPluginAsyncZod = async () => {};
