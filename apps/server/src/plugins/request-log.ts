import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

// One log line per request, when it has been answered: Fastify's default is two (one on arrival, one
// on completion), which doubled the logging cost of every API call. A request that never completes
// (a dropped socket) still logs through `onRequestAbort`. Route log levels apply (the probes are quiet).
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    // Callback-style hooks: an async one costs a promise and a microtask on every request.
    app.addHook("onResponse", (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          url: request.url,
          statusCode: reply.statusCode,
          responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
          remoteAddress: request.ip,
        },
        "request completed",
      );
      done();
    });
    app.addHook("onRequestAbort", async (request) => {
      request.log.info({ method: request.method, url: request.url, remoteAddress: request.ip }, "request aborted");
    });
  },
  { name: "foreman-request-log" },
);
