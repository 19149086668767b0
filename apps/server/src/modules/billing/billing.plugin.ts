import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

// BUILDING (issue 32): the billing jobs (billing_sync, stripe_event).
export const billingPlugin = fp(async (_app: FastifyInstance) => {}, {
  name: "foreman-billing",
  dependencies: ["foreman-jobs", "foreman-events"],
});
