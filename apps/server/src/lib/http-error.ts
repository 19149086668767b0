import type { FieldError } from "@foreman/contract";

/**
 * An error that becomes `{error, error_description?, details?}` with its status. Throw it from any
 * route, hook or service: the error handler (plugins/errors.ts) renders it.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly error: string;
  readonly description: string | undefined;
  readonly details: FieldError[] | undefined;
  /** Extra response headers, e.g. `retry-after` or `www-authenticate`. */
  readonly headers: Record<string, string>;
  /**
   * Details name fields in code's camelCase, which the error handler turns into the client's snake_case;
   * set when they already name the keys exactly as the client sent them.
   */
  fieldsAsSent = false;

  constructor(
    statusCode: number,
    error: string,
    description?: string,
    details?: FieldError[],
    headers: Record<string, string> = {},
  ) {
    super(description ?? error);
    this.name = "HttpError";
    this.statusCode = statusCode;
    this.error = error;
    this.description = description;
    this.details = details;
    this.headers = headers;
  }
}

export function httpError(
  statusCode: number,
  error: string,
  description?: string,
  details?: FieldError[],
  headers?: Record<string, string>,
): HttpError {
  return new HttpError(statusCode, error, description, details, headers);
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}

export const notFound = (description = "Not found") => httpError(404, "not_found", description);
