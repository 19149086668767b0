import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isApiPath, isJsonApiPath } from "#server/lib/api-paths.ts";
import { httpError } from "#server/lib/http-error.ts";
import { JSON_API_SECURITY_HEADERS, type PageAllowances, pageSecurityHeaders } from "./security-headers.ts";

export type SecurityOptions = {
  rateLimit: { max: number; windowMs: number };
  /** What the pages may load from elsewhere (the chat tool's frames, Meta's signup SDK), from the configuration. */
  pages?: PageAllowances;
};

export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, options) => {
    const pageHeaders = pageSecurityHeaders(options.pages);
    // Every answer carries one set, errors included; a route may override a header (files.routes.ts).
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(isJsonApiPath(request.url) ? JSON_API_SECURITY_HEADERS : pageHeaders);
      done();
    });
    // Generous global ceiling per client address on the API; auth routes set tighter limits in their
    // route config. The SPA's pages and built files are static and cacheable: one page load fetches a
    // dozen of them, so they do not count against it.
    await app.register(rateLimit, {
      global: true,
      allowList: (request) => !isApiPath(request.url),
      max: options.rateLimit.max,
      timeWindow: options.rateLimit.windowMs,
      errorResponseBuilder: (_request, context) =>
        httpError(429, "too_many_requests", `Too many requests. Try again in ${context.after}.`),
    });
  },
  { name: "foreman-security" },
);
