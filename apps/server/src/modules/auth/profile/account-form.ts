import { type FieldError, fieldErrors, isPlainObject } from "@foreman/contract";
import type { z } from "zod";
import { httpError } from "#server/lib/http-error.ts";

// The account forms (profile, password, email, reset) answer 422 with one error per field, in the
// form's own names, as the sign-up does: the pages show each message at its field.

export const formInvalid = (details: FieldError[]) =>
  httpError(422, "validation_failed", details[0]?.message ?? "Request validation failed", details);

/**
 * The value as `schema` reads it, or a 422 naming every field that is wrong; `more` adds the checks the
 * schema cannot make (the server's password policy), each only for a field the schema found no fault in.
 */
export function checkForm<T extends z.ZodType>(
  schema: T,
  value: unknown,
  more: (raw: Record<string, unknown>) => FieldError[] = () => [],
): z.output<T> {
  const parsed = schema.safeParse(value);
  const details = parsed.success ? [] : fieldErrors(parsed.error);
  const fields = new Set(details.map((detail) => detail.field));
  for (const extra of more(isPlainObject(value) ? value : {})) {
    if (!fields.has(extra.field)) {
      fields.add(extra.field);
      details.push(extra);
    }
  }
  if (details.length > 0 || !parsed.success) throw formInvalid(details);
  return parsed.data;
}
