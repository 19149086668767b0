import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const statusSchema = z.object({ status: z.enum(["ok", "unavailable"]) });

// Probes: liveness says the process answers, readiness that the database does too.
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Probes are polled often: keep their request logs out of the info stream (but never louder than configured).
  const quiet = ["silent", "fatal", "error"].includes(app.config.logLevel) ? app.config.logLevel : "warn";
  const probe = { logLevel: quiet };

  app.get("/healthz", { ...probe, schema: { tags: ["health"], response: { 200: statusSchema } } }, async () => ({
    status: "ok" as const,
  }));

  app.get(
    "/readyz",
    { ...probe, schema: { tags: ["health"], response: { 200: statusSchema, 503: statusSchema } } },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: "ok" as const };
      } catch (err) {
        request.log.warn({ err }, "database is not reachable");
        return reply.code(503).send({ status: "unavailable" as const });
      }
    },
  );
};
