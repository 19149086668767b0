import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isJsonApiPath } from "#server/lib/api-paths.ts";
import { clientNetworkOf } from "#server/lib/client-network.ts";
import { httpError } from "#server/lib/http-error.ts";
import {
  type RateLimit,
  type RateLimitBucket,
  ROUTE_RATE_LIMIT_BUCKETS,
  rateLimitBucketOf,
  rateLimitsOf,
} from "#server/lib/rate-limit-buckets.ts";
import { JSON_API_SECURITY_HEADERS, type PageAllowances, pageSecurityHeaders } from "./security-headers.ts";

export type SecurityOptions = {
  /** The general request limit per client network (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_MS). */
  rateLimit: RateLimit;
  /** What the pages may load from elsewhere (the chat tool's frames, Meta's signup SDK), from the configuration. */
  pages?: PageAllowances;
};

type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * One @fastify/rate-limit counter per bucket. The library is registered in a context of its own, so
 * its route hook never sees the app's routes: a route's `config.rateLimit` can neither add a limit nor
 * lift one, and the hook in securityPlugin is the only thing that decides.
 */
async function bucketLimiters(
  app: FastifyInstance,
  limits: Record<RateLimitBucket, RateLimit>,
): Promise<Record<RateLimitBucket, Limiter>> {
  let limiters: Record<RateLimitBucket, Limiter> | undefined;
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      keyGenerator: (request) => clientNetworkOf(request.ip),
      errorResponseBuilder: (_request, context) =>
        httpError(429, "too_many_requests", `Too many requests. Try again in ${context.after}.`),
    });
    const entries = Object.entries(limits).map(([bucket, limit]) => [
      bucket,
      scope.rateLimit({ max: limit.max, timeWindow: limit.windowMs }) as Limiter,
    ]);
    limiters = Object.fromEntries(entries) as Record<RateLimitBucket, Limiter>;
  });
  return limiters!;
}

export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, options) => {
    const pageHeaders = pageSecurityHeaders(options.pages);
    // Every answer carries one set, errors included; a route may override a header (files.routes.ts).
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(isJsonApiPath(request.url) ? JSON_API_SECURITY_HEADERS : pageHeaders);
      done();
    });

    // Rate limits: every request counts against the bucket of the route the router matched (or "api"
    // when none matched), per client network. onRequest runs after routing, for 404s too.
    const limiters = await bucketLimiters(app, rateLimitsOf(options.rateLimit));
    app.addHook("onRequest", (request, reply) =>
      limiters[rateLimitBucketOf(request.method, request.routeOptions.url)](request, reply),
    );

    // The bucket table names routes by pattern: one that no longer exists is a mistake, not a default.
    const served = new Set<string>();
    app.addHook("onRoute", (route) => {
      // A per-route limit would be a second place deciding limits, one the bucket table never sees.
      if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== undefined)
        throw new Error(`${route.url} sets config.rateLimit: give it a bucket in lib/rate-limit-buckets.ts instead`);
      for (const method of [route.method].flat()) served.add(`${method} ${route.url}`);
    });
    app.addHook("onReady", async () => {
      const missing = Object.keys(ROUTE_RATE_LIMIT_BUCKETS).filter((route) => !served.has(route));
      if (missing.length > 0)
        throw new Error(`lib/rate-limit-buckets.ts names routes the app does not serve: ${missing.join(", ")}`);
    });
  },
  { name: "foreman-security" },
);
