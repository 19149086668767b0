import {
  CLIENT_CONFIG_PATH,
  type ClientConfig,
  clientConfigSchema,
  REPLAYS_ON_ERROR_SAMPLE_RATE,
  REPLAYS_SESSION_SAMPLE_RATE,
  TRACES_SAMPLE_RATE,
} from "@foreman/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "#server/config.ts";
import { productVersion } from "#server/lib/product-version.ts";
import type { PageAllowances } from "./security-headers.ts";

// Long enough that a burst of page loads asks once, short enough that a new release or DSN is seen soon.
const CACHE_SECONDS = 60;

/** What the browser is told: the release, and its error tracking when SENTRY_BROWSER_DSN is set. */
export function clientConfigOf(config: Config): ClientConfig {
  const { browserDsn, environment } = config.errorTracking;
  return {
    release: productVersion(),
    sentry: browserDsn
      ? {
          dsn: browserDsn,
          environment,
          tracesSampleRate: TRACES_SAMPLE_RATE,
          replaysSessionSampleRate: REPLAYS_SESSION_SAMPLE_RATE,
          replaysOnErrorSampleRate: REPLAYS_ON_ERROR_SAMPLE_RATE,
        }
      : null,
  };
}

/**
 * What the pages must be allowed for the browser's error tracking: posting to the DSN's origin, and the
 * session replay's compression worker (started from a blob: URL). Nothing without a browser DSN.
 */
export function browserErrorTrackingAllowances(
  config: Config,
): Pick<PageAllowances, "connectSources" | "workerSources"> {
  const { browserDsn } = config.errorTracking;
  return browserDsn ? { connectSources: [new URL(browserDsn).origin], workerSources: ["blob:"] } : {};
}

/**
 * GET /client_config.json: public (the browser reads it before anyone signs in, after the first paint).
 * A browser DSN is public by design: it can only send events, never read them.
 */
export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const body = clientConfigOf(app.config);
  app.get(
    CLIENT_CONFIG_PATH,
    {
      schema: {
        tags: ["client"],
        summary: "The browser's configuration: the release, and error tracking (null without a browser DSN)",
        response: { 200: clientConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", `public, max-age=${CACHE_SECONDS}`);
      return body;
    },
  );
};
