import { z } from "zod";
import { resolveField } from "./json-schema.ts";
import type { Operation } from "./openapi-operations.ts";

// What every answer to a bad request must be: no 5xx, nothing of the server's insides, and for a 4xx
// our JSON error shape whose `details[].field` are names the client sent.

export type Answer = { status: number; contentType: string; body: string };

/** `{error, error_description?, details?}` exactly as the wire carries it. */
const errorBodySchema = z.strictObject({
  error: z.string().min(1),
  error_description: z.string().min(1).optional(),
  details: z.array(z.strictObject({ field: z.string().min(1), message: z.string().min(1) })).optional(),
});

/** Stack frames, source paths and module names must never reach a client. */
const LEAKS: [string, RegExp][] = [
  ["a stack frame", /\n\s+at |^\s*at .+:\d+:\d+/m],
  ["a source file and line", /\.[cm]?[jt]sx?:\d+/],
  ["a file path", /\/work\/|\/home\/|\/usr\/|\/tmp\/|[A-Z]:\\/],
  ["node_modules", /node_modules/],
  ["an internal error name", /\b(TypeError|ReferenceError|RangeError|SyntaxError: Unexpected token)\b/],
  [
    "a database error",
    /\b(syntax error at or near|invalid input syntax|violates .* constraint|relation ".*" does not exist)\b/i,
  ],
];

/** Whether `field` names a query or path parameter, a body field (at any depth), a whole part, or a name the client sent. */
function isKnownField(operation: Operation, field: string, sent: Set<string>): boolean {
  if (["body", "querystring", "params", "headers"].includes(field) || sent.has(field)) return true;
  if (operation.queryParams.some(({ name }) => field === name || field.startsWith(`${name}.`))) return true;
  if (operation.pathParams.some(({ name }) => field === name)) return true;
  return operation.body !== undefined && resolveField(operation.body, field).length > 0;
}

/** Whether a detail names `expected` (a body or query field), itself or something inside it. */
function namesField(operation: Operation, detailField: string, expected: string): boolean {
  if (detailField === expected || detailField.startsWith(`${expected}.`)) return true;
  if (!operation.body) return false;
  const normalized = expected.replace(/\.\d+(?=\.|$)/g, ".0");
  return resolveField(operation.body, detailField).some(
    (path) => path === normalized || path.startsWith(`${normalized}.`),
  );
}

export function problemsWith(
  operation: Operation,
  answer: Answer,
  expectedField: string | undefined,
  sent: Set<string>,
): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  const textual = !/^application\/pdf|^text\/event-stream/.test(answer.contentType);
  if (textual) {
    for (const [what, pattern] of LEAKS) if (pattern.test(answer.body)) problems.push(`the body shows ${what}`);
  }
  if (answer.status < 400) return problems;

  if (!answer.contentType.startsWith("application/json")) problems.push(`a ${answer.status} as ${answer.contentType}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    problems.push(`a ${answer.status} whose body is not JSON`);
    return problems;
  }
  const shape = errorBodySchema.safeParse(parsed);
  if (!shape.success) {
    problems.push(`a ${answer.status} that is not {error, error_description?, details?}`);
    return problems;
  }
  const { error, error_description: description, details } = shape.data;
  if (answer.status === 400 && description === "Request validation failed" && !details?.length) {
    problems.push("a validation failure that names no field");
  }
  for (const detail of details ?? []) {
    if (!isKnownField(operation, detail.field, sent))
      problems.push(`details name "${detail.field}", which the client never sent`);
  }
  // A probe about one field, answered with field details, must name that field.
  if (
    expectedField &&
    details?.length &&
    !details.some((detail) => namesField(operation, detail.field, expectedField))
  ) {
    problems.push(`details name ${details.map((d) => `"${d.field}"`).join(", ")}, not "${expectedField}" (${error})`);
  }
  return problems;
}
