import { describeError, isApiError } from "./api-error.ts";

/**
 * A refused form's errors by the form's own fields: the server's details (`field`, `message`) whose
 * field the form has, renamed where the form calls it otherwise (`unitPriceCents` → `price`); when none
 * is the form's, the refusal as one message.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  rename: Partial<Record<string, F>> = {},
): { fields: Partial<Record<F, string>>; message?: string } {
  const found: Partial<Record<F, string>> = {};
  if (isApiError(error) && Array.isArray(error.body.details)) {
    for (const detail of error.body.details) {
      const name = String(detail.field).split(".")[0]!;
      const field = rename[name] ?? name;
      if ((fields as readonly string[]).includes(field)) found[field as F] = detail.message;
    }
  }
  return Object.keys(found).length > 0 ? { fields: found } : { fields: found, message: describeError(error) };
}
