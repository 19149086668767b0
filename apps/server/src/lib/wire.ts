import { camelizeKeys, camelToSnake } from "@foreman/contract";
import type { FastifySerializerCompiler } from "fastify";
import { createSerializerCompiler } from "fastify-type-provider-zod";

// The wire is snake_case, code is camelCase. Responses are renamed while they are serialised (both for
// routes with a zod response schema and for everything else, errors included), requests in a
// preValidation hook (see app.ts). Renaming already-snake keys is a no-op, so snake bodies pass unchanged.

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** JSON.stringify replacer: renames each plain object's keys to snake_case as it is visited. */
export function snakeCaseReplacer(_key: string, value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[camelToSnake(key)] = inner;
  return out;
}

/** The default reply serializer (routes or statuses without a response schema). */
export function toWireJson(payload: unknown): string {
  return JSON.stringify(payload, snakeCaseReplacer);
}

/** Zod response schemas are camelCase: validate/encode with zod first, then rename for the wire. */
export const wireSerializerCompiler = createSerializerCompiler({
  replacer: snakeCaseReplacer,
}) as FastifySerializerCompiler<unknown>;

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
