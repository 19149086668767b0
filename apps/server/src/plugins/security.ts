import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isApiPath } from "#server/lib/api-paths.ts";
import { httpError } from "#server/lib/http-error.ts";

export type SecurityOptions = {
  rateLimit: { max: number; windowMs: number };
  /** Origins the SPA may frame besides its own (the configured chat tool, whose SSO link the inbox embeds). */
  frameSources?: string[];
};

export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, options) => {
    await app.register(helmet, {
      // The SPA loads only its own scripts; Tailwind/Radix set inline styles, so those are allowed.
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameSrc: ["'self'", ...(options.frameSources ?? [])],
          // The inbox frames our own conversation view (`?embed=1`); no other site may frame the app.
          frameAncestors: ["'self'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // Same-origin app; cross-origin isolation headers would only get in the way of future embeds.
      crossOriginEmbedderPolicy: false,
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
