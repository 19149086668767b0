import type { FieldError } from "@foreman/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ZodError } from "zod";
import { HttpError } from "#server/lib/http-error.ts";

export { HttpError, httpError, isHttpError } from "#server/lib/http-error.ts";

type ErrorBody = { error: string; errorDescription?: string; details?: FieldError[] };

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
  415: "unsupported_media_type",
  422: "validation_failed",
  429: "too_many_requests",
};

type ValidationIssue = { instancePath?: string; message?: string; params?: Record<string, unknown> };

// "/user/firstName" → "user.firstName"; an issue about the whole part is named after the part.
function validationDetails(issues: ValidationIssue[], context: string | undefined): FieldError[] {
  const seen = new Set<string>();
  const details: FieldError[] = [];
  for (const issue of issues) {
    let field = (issue.instancePath ?? "").split("/").filter(Boolean).join(".");
    // JSON-schema "required" issues point at the parent; name the missing property instead.
    const missing = issue.params?.missingProperty;
    if (typeof missing === "string") field = field ? `${field}.${missing}` : missing;
    field ||= context ?? "body";
    if (seen.has(field)) continue;
    seen.add(field);
    details.push({ field, message: issue.message ?? "Invalid value" });
  }
  return details;
}

function zodDetails(error: ZodError): FieldError[] {
  return validationDetails(
    error.issues.map((issue) => ({ instancePath: `/${issue.path.join("/")}`, message: issue.message })),
    undefined,
  );
}

function render(
  error: unknown,
  request: FastifyRequest,
): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (error instanceof HttpError) {
    const body: ErrorBody = { error: error.error };
    if (error.description !== undefined) body.errorDescription = error.description;
    if (error.details !== undefined) body.details = error.details;
    return { status: error.statusCode, body, headers: error.headers };
  }
  const fastifyError = error as Partial<FastifyError> & { validationContext?: string };
  if (Array.isArray(fastifyError.validation)) {
    return {
      status: 400,
      body: {
        error: "invalid_request",
        errorDescription: "Request validation failed",
        details: validationDetails(fastifyError.validation as ValidationIssue[], fastifyError.validationContext),
      },
    };
  }
  if (error instanceof ZodError) {
    return {
      status: 400,
      body: { error: "invalid_request", errorDescription: "Request validation failed", details: zodDetails(error) },
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
  request.log.error({ err: error }, "unhandled error");
  return { status: 500, body: { error: "internal_error", errorDescription: "Something went wrong" } };
}

export function sendError(reply: FastifyReply, error: unknown) {
  const { status, body, headers } = render(error, reply.request);
  if (headers) reply.headers(headers);
  return reply.code(status).type("application/json; charset=utf-8").send(body);
}

/** One error handler for the whole app: the `{error, error_description?, details?}` shape, no stacks. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, _request, reply) => sendError(reply, error));
  },
  { name: "foreman-errors" },
);
