import { ERROR_TRACKING_DATA_COLLECTION, scrubBreadcrumb, scrubEvent, TRACES_SAMPLE_RATE } from "@foreman/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "#server/config.ts";
import { redactUrl } from "#server/lib/log-redaction.ts";
import { productVersion } from "#server/lib/product-version.ts";

// Error tracking with a Sentry-compatible service (Sentry, GlitchTip), through the official SDK, only when
// SENTRY_DSN is set: without it @sentry/node is never even loaded. What is sent is cleaned by the
// contract's scrubEvent first (docs/error-tracking.md).

type Sentry = typeof import("@sentry/node");
type Span = import("@sentry/node").Span;
type Scope = import("@sentry/node").Scope;
type RequestTrace = { span: Span; scope: Scope };

export type ErrorTracker = {
  sentry: Sentry;
  /** Each request's transaction and scope while it runs (kept by errorTrackingPlugin's hooks). */
  requests: WeakMap<FastifyRequest, RequestTrace>;
  /** Reports an error the API answered 500 for (plugins/errors.ts); 4xx answers are not errors of ours. */
  captureServerError(error: unknown, request: FastifyRequest): void;
  /** Sends what is still queued, waiting at most `timeoutMs`. */
  flush(timeoutMs: number): Promise<boolean>;
};

// How long closing the app waits for queued events: a SIGTERM's grace period is 10 s (server.ts).
const FLUSH_ON_CLOSE_MS = 2_000;

// One SDK client per process; tests build several apps, which share it while the DSN stays the same.
let started: { key: string; sentry: Sentry } | undefined;

function initialize(sentry: Sentry, dsn: string, environment: string): void {
  sentry.init({
    dsn,
    release: productVersion(),
    environment,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    // Nothing about users, no cookies, headers, bodies or database values (the contract says what).
    dataCollection: ERROR_TRACKING_DATA_COLLECTION,
    // Transactions, as self-hosted Sentry and GlitchTip read them (the SDK's default streams spans instead).
    traceLifecycle: "static",
    // Our trace headers are for us: never sent to tenants' webhooks, Meta, mail or model providers.
    tracePropagationTargets: [],
    // Only what we need, chosen here: no integration that reads request bodies, local variables or the
    // console. Requests get their transaction from the hooks below (named by route, not by URL).
    defaultIntegrations: false,
    integrations: [
      sentry.eventFiltersIntegration(),
      sentry.functionToStringIntegration(),
      sentry.linkedErrorsIntegration(),
      sentry.dedupeIntegration(),
      sentry.onUncaughtExceptionIntegration(),
      sentry.onUnhandledRejectionIntegration(),
      sentry.contextLinesIntegration(),
      sentry.nodeContextIntegration(),
      // Outgoing calls as spans and breadcrumbs; incoming requests isolated, without their bodies; and every
      // request's transaction kept (the SDK drops 3xx and 401-404 ones by default: the spec says all).
      sentry.httpIntegration({
        disableIncomingRequestSpans: true,
        maxRequestBodySize: "none",
        sessions: false,
        ignoreStatusCodes: [],
      }),
      sentry.nativeNodeFetchIntegration(),
    ],
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
}

/**
 * What the request looked like, for its error events: the URL as the logs show it (a route's secret path
 * segments, such as a file's access key, censored); scrubEvent drops the credentials in the rest.
 */
function requestData(request: FastifyRequest) {
  const url = redactUrl(request.url, request.routeOptions.url);
  const queryStart = url.indexOf("?");
  return {
    method: request.method,
    url: `${request.protocol}://${request.host}${queryStart === -1 ? url : url.slice(0, queryStart)}`,
    ...(queryStart === -1 ? {} : { query_string: url.slice(queryStart + 1) }),
    headers: Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(", ") : String(value),
      ]),
    ),
  };
}

/**
 * Loads and starts the SDK when SENTRY_DSN is set; null (and nothing loaded) otherwise. Called by
 * buildApp before any route exists, so the first request is traced.
 */
export async function startErrorTracking(config: Config): Promise<ErrorTracker | null> {
  const { serverDsn, environment } = config.errorTracking;
  if (!serverDsn) return null;
  const key = `${serverDsn} ${environment}`;
  if (started?.key !== key) {
    const sentry = await import("@sentry/node");
    initialize(sentry, serverDsn, environment);
    started = { key, sentry };
  }
  const { sentry } = started;
  const requests = new WeakMap<FastifyRequest, RequestTrace>();
  return {
    sentry,
    requests,
    flush: (timeoutMs) => sentry.flush(timeoutMs),
    captureServerError(error, request) {
      const capture = () =>
        sentry.captureException(error, { mechanism: { type: "auto.http.fastify", handled: false } });
      const trace = requests.get(request);
      // In the request's own scope and transaction, so the event carries its request and trace.
      if (!trace) capture();
      else sentry.withIsolationScope(trace.scope, () => sentry.withActiveSpan(trace.span, capture));
    },
  };
}

/**
 * One transaction per request, named by the route that matched (`GET /app/orders/:id.json`, never the
 * URL, which may hold ids and keys), continuing the browser's trace when it sends one; and the queue
 * flushed when the app closes.
 */
export const errorTrackingPlugin = fp<{ tracker: ErrorTracker }>(
  async (app: FastifyInstance, { tracker }) => {
    const { sentry, requests } = tracker;
    const header = (request: FastifyRequest, name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };

    app.addHook("onRequest", (request, _reply, done) => {
      const route = request.routeOptions.url ?? "(no route)";
      sentry.withIsolationScope((scope) => {
        scope.addEventProcessor((event) =>
          event.type === undefined ? { ...event, request: requestData(request) } : event,
        );
        sentry.continueTrace(
          { sentryTrace: header(request, "sentry-trace"), baggage: header(request, "baggage") },
          () =>
            sentry.startSpanManual(
              {
                name: `${request.method} ${route}`,
                op: "http.server",
                forceTransaction: true,
                attributes: { "http.request.method": request.method, "http.route": route },
              },
              (span) => {
                requests.set(request, { span, scope });
                // The rest of the request runs inside the span, so its outgoing calls become its children.
                done();
              },
            ),
        );
      });
    });

    const end = (request: FastifyRequest, statusCode: number | undefined) => {
      const trace = requests.get(request);
      if (!trace) return;
      requests.delete(request);
      if (statusCode === undefined) trace.span.setStatus({ code: 2, message: "cancelled" });
      else sentry.setHttpStatus(trace.span, statusCode);
      trace.span.end();
    };
    app.addHook("onResponse", (request, reply, done) => {
      end(request, reply.statusCode);
      done();
    });
    app.addHook("onRequestAbort", (request, done) => {
      end(request, undefined);
      done();
    });
    app.addHook("onClose", async () => {
      await tracker.flush(FLUSH_ON_CLOSE_MS);
    });
  },
  { name: "foreman-error-tracking" },
);
