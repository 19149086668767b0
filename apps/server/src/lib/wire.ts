import { camelizeKeys, camelToSnake, snakeizeKeys } from "@foreman/contract";
import type { FastifySerializerCompiler } from "fastify";

// The wire is snake_case, code is camelCase. Responses are renamed while they are serialised (every
// answer, errors included), requests in a preValidation hook (see app.ts). Renaming already-snake keys
// is a no-op, so snake bodies pass unchanged.

/**
 * The reply serializer of every answer. Renaming first and stringifying without a replacer keeps V8's
 * fast JSON path (a replacer function made stringify several times slower). Dates and other class
 * instances pass through to their toJSON unchanged.
 */
export function toWireJson(payload: unknown): string {
  return JSON.stringify(snakeizeKeys(payload));
}

/**
 * Fastify prefers the app's reply serializer (toWireJson) to a route's response schema, so response
 * schemas describe answers in the OpenAPI description and the types, and are not run per request.
 * This compiler says so instead of compiling a zod serializer per route at start-up that never ran.
 */
export const wireSerializerCompiler: FastifySerializerCompiler<unknown> = () => toWireJson;

/**
 * Request bodies and query strings arrive snake_case; routes and schemas see camelCase. The query and
 * form parsers build objects with an unusual prototype, so the top level is copied into a plain one.
 */
export function fromWire<T = unknown>(value: unknown): T {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return camelizeKeys<T>(value);
  return camelizeKeys<T>({ ...value });
}

/**
 * A body or query field as the client sent it: `attachments.0.fileName` → `attachments.0.file_name`,
 * `q[createdAtGteq]` → `q[created_at_gteq]`. Validation runs on the renamed request, so the names it
 * reports are camelCase until they are turned back here.
 */
export function toWireField(field: string): string {
  return field.split(".").map(camelToSnake).join(".");
}
