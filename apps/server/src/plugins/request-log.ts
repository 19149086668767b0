import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { redactUrl } from "#server/lib/log-redaction.ts";

// One log line per request, when it has been answered: Fastify's default is two (one on arrival, one
// on completion), which doubled the logging cost of every API call. A request that never completes
// (a dropped socket) still logs through `onRequestAbort`. Route log levels apply (the probes are quiet).
// The URL is logged without the keys and tokens it may carry (lib/log-redaction.ts).
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    // Callback-style hooks: an async one costs a promise and a microtask on every request.
    app.addHook("onResponse", (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          url: redactUrl(request.url, request.routeOptions.url),
          statusCode: reply.statusCode,
          responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
          remoteAddress: request.ip,
        },
        "request completed",
      );
      done();
    });
    app.addHook("onRequestAbort", async (request) => {
      const url = redactUrl(request.url, request.routeOptions.url);
      request.log.info({ method: request.method, url, remoteAddress: request.ip }, "request aborted");
    });
  },
  { name: "foreman-request-log" },
);
