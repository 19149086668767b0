import type { FieldError } from "@foreman/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ZodError } from "zod";
import { isDatabaseUnavailable } from "#server/db/unavailable.ts";
import { HttpError, httpError } from "#server/lib/http-error.ts";
import { toWireField, toWireJson } from "#server/lib/wire.ts";

export { HttpError, httpError, isHttpError } from "#server/lib/http-error.ts";

type ErrorBody = { error: string; errorDescription?: string; details?: FieldError[] };

/** Told of every error answered with a 500 (error tracking, plugins/error-tracking.ts). */
export type ServerErrorReporter = (error: unknown, request: FastifyRequest) => void;

declare module "fastify" {
  interface FastifyInstance {
    reportServerError: ServerErrorReporter | null;
  }
}

// Fastify's own error codes for 4xx mapped to our `error` codes; others fall back by status.
const codeByStatus: Record<number, string> = {
  400: "invalid_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  406: "not_acceptable",
  409: "conflict",
  413: "payload_too_large",
  414: "uri_too_long",
  415: "unsupported_media_type",
  422: "validation_failed",
  429: "too_many_requests",
};

type ValidationIssue = { instancePath?: string; message?: string; params?: Record<string, unknown> };

/** How a detail's field is written: as the client sent it (snake_case), or as it stands (path parameters, OAuth's RFC names). */
type FieldNaming = (field: string) => string;
const asWritten: FieldNaming = (field) => field;

/**
 * Bodies and queries are validated after the snake_case → camelCase renaming (app.ts), so the names
 * code and schemas report are turned back into the client's. Routes that keep the wire's case
 * (`config.keepWireCase`) already report the names as sent.
 */
function namingFor(request: FastifyRequest): FieldNaming {
  return request.routeOptions?.config?.keepWireCase ? asWritten : toWireField;
}

// "/user/firstName" → "user.first_name"; an issue about the whole part is named after the part.
function validationDetails(issues: ValidationIssue[], context: string | undefined, naming: FieldNaming): FieldError[] {
  const seen = new Set<string>();
  const details: FieldError[] = [];
  for (const issue of issues) {
    let field = (issue.instancePath ?? "").split("/").filter(Boolean).join(".");
    // JSON-schema "required" issues point at the parent; name the missing property instead.
    const missing = issue.params?.missingProperty;
    if (typeof missing === "string") field = field ? `${field}.${missing}` : missing;
    field = field ? naming(field) : (context ?? "body");
    if (seen.has(field)) continue;
    seen.add(field);
    details.push({ field, message: issue.message ?? "Invalid value" });
  }
  return details;
}

function zodDetails(error: ZodError, naming: FieldNaming): FieldError[] {
  return validationDetails(
    error.issues.map((issue) => ({ instancePath: `/${issue.path.join("/")}`, message: issue.message })),
    undefined,
    naming,
  );
}

function render(
  error: unknown,
  request: FastifyRequest,
): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  const naming = namingFor(request);
  if (error instanceof HttpError) {
    const body: ErrorBody = { error: error.error };
    if (error.description !== undefined) body.errorDescription = error.description;
    const detailNaming = error.fieldsAsSent ? asWritten : naming;
    if (error.details !== undefined) {
      body.details = error.details.map((detail) => ({ ...detail, field: detailNaming(detail.field) }));
    }
    return { status: error.statusCode, body, headers: error.headers };
  }
  const fastifyError = error as Partial<FastifyError> & { validationContext?: string };
  if (Array.isArray(fastifyError.validation)) {
    // Path parameters have no wire case of their own: they are named as in the documented path.
    const context = fastifyError.validationContext;
    return {
      status: 400,
      body: {
        error: "invalid_request",
        errorDescription: "Request validation failed",
        details: validationDetails(
          fastifyError.validation as ValidationIssue[],
          context,
          context === "params" || context === "headers" ? asWritten : naming,
        ),
      },
    };
  }
  if (error instanceof ZodError) {
    return {
      status: 400,
      body: {
        error: "invalid_request",
        errorDescription: "Request validation failed",
        details: zodDetails(error, naming),
      },
    };
  }
  const status = fastifyError.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    if (status === 429)
      return {
        status,
        body: { error: "too_many_requests", errorDescription: "Too many requests. Please try again later." },
      };
    if (status === 413)
      return { status, body: { error: "payload_too_large", errorDescription: "Request body is too large" } };
    // Fastify's 4xx messages describe the request (bad JSON, wrong media type), never our internals.
    return {
      status,
      body: { error: codeByStatus[status] ?? "bad_request", errorDescription: fastifyError.message ?? "Bad request" },
    };
  }
  // An outage, not a bug: say so, and when to try again (see modules/health/README.md).
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, "database unavailable");
    return {
      status: 503,
      body: {
        error: "service_unavailable",
        errorDescription: "The database cannot be reached right now. Please try again in a few seconds.",
      },
      headers: { "retry-after": "5" },
    };
  }
  request.log.error({ err: error }, "unhandled error");
  request.server.reportServerError?.(error, request);
  return { status: 500, body: { error: "internal_error", errorDescription: "Something went wrong" } };
}

export function sendError(reply: FastifyReply, error: unknown) {
  const { status, body, headers } = render(error, reply.request);
  if (headers) reply.headers(headers);
  // Serialised here, not by the reply serializer: the router's refusals and the not-found context answer
  // through replies that do not carry the app's snake_case serializer.
  return reply.code(status).type("application/json; charset=utf-8").send(toWireJson(body));
}

/**
 * The router's own refusals, which happen before any route or error handler is chosen: a path segment
 * that is not valid percent-encoding, or one longer than the router accepts. Given to Fastify as
 * `frameworkErrors` (app.ts) so they get our shape too, without echoing the URL back.
 */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_BAD_URL") {
    return sendError(
      reply,
      httpError(400, "invalid_request", "The URL is malformed: it has an invalid percent-encoding"),
    );
  }
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return sendError(reply, httpError(414, "uri_too_long", "A segment of the URL's path is too long"));
  }
  return sendError(reply, error);
}

/** One error handler for the whole app: the `{error, error_description?, details?}` shape, no stacks. */
export const errorsPlugin = fp<{ reportServerError?: ServerErrorReporter | undefined }>(
  async (app: FastifyInstance, options) => {
    app.decorate("reportServerError", options.reportServerError ?? null);
    app.setErrorHandler((error, _request, reply) => sendError(reply, error));
  },
  { name: "foreman-errors" },
);
