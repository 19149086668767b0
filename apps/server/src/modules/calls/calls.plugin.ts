import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

// BUILDING (issue 32): the calls' jobs (call_simulation).
export const callsPlugin = fp(async (_app: FastifyInstance) => {}, {
  name: "foreman-calls",
  dependencies: ["foreman-jobs", "foreman-events", "foreman-channels", "foreman-telephony"],
});
