import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// Skeleton: public GET /logos/{sha256}.webp.
export const logoFilesRoutes: FastifyPluginAsyncZod = async () => {};
